/** Adds a console user with a first password (at least 12 characters) they can be told in person. */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import { ROLES, type Role } from '@shared/admin-api';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useCreateUser } from '../api/users';

const EMPTY = { name: '', email: '', role: 'viewer' as Role, password: '' };

export function NewUserForm() {
  const { t } = useT();
  const create = useCreateUser();
  const [form, setForm] = useState(EMPTY);
  const set = (change: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="new-user-title">
      <h2 id="new-user-title">{t('users.new.title')}</h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor="new-user-name">{t('users.name')}</label>
          <input
            id="new-user-name"
            required
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="new-user-email">{t('users.email')}</label>
          <input
            id="new-user-email"
            type="email"
            required
            autoComplete="off"
            value={form.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="new-user-role">{t('users.role')}</label>
          <select
            id="new-user-role"
            value={form.role}
            onChange={(e) => set({ role: e.target.value as Role })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="new-user-password">{t('users.password')}</label>
          <input
            id="new-user-password"
            type="password"
            required
            minLength={12}
            autoComplete="new-password"
            aria-describedby="new-user-password-hint"
            value={form.password}
            onChange={(e) => set({ password: e.target.value })}
          />
          <span id="new-user-password-hint" className="field__hint">
            {t('users.passwordHint')}
          </span>
        </div>
      </div>
      <ErrorAlert error={create.error} />
      {create.data && <Notice tone="success">{t('users.new.done', { name: create.data.name })}</Notice>}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {t('users.new.submit')}
      </button>
    </form>
  );
}
