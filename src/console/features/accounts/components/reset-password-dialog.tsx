/** Sets a new password for a user who lost theirs (the owner tells them; it is never shown again). */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import type { User } from '@shared/admin-api';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { useResetPassword } from '../api/users';

export function ResetPasswordDialog({ user, onDone }: { user: User; onDone: (reset: boolean) => void }) {
  const { t } = useT();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ id: user.id, password }, { onSuccess: () => onDone(true) });
  };
  return (
    <Dialog title={t('users.reset.title', { name: user.name })} onClose={() => onDone(false)}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="reset-password">{t('users.reset.password')}</label>
          <input
            id="reset-password"
            type="password"
            required
            minLength={12}
            autoComplete="new-password"
            aria-describedby="reset-password-hint"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span id="reset-password-hint" className="field__hint">
            {t('users.passwordHint')}
          </span>
        </div>
        <ErrorAlert error={reset.error} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => onDone(false)}>
            {t('action.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={reset.isPending}>
            {t('users.reset.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
