/**
 * Settings → Single sign-on (owners only: the server refuses the rest): the provider, its client
 * (the secret is written, never shown: "saved" at most), the domains, the groups that give each
 * role, "Require single sign-on", and the redirect URI to register at the provider.
 */
import { useId, useState, type FormEvent } from 'react';
import { Notice } from '@console/components/notice';
import { useSession } from '@console/features/accounts/api/session';
import { useIdentityT, type IdentityKey } from '@console/hooks/use-identity-t';
import { hasRole } from '@console/lib/roles';
import { ApiError } from '@shared/api-client';
import type { SsoSettings } from '@shared/sso';
import { useSaveSsoSettings, useSsoSettings } from '../api/sso-settings';
import { SsoField } from './sso-field';
import './sso-settings-section.css';

export function SsoSettingsSection() {
  const { user } = useSession();
  return hasRole(user.role, 'owner') ? <OwnerSection /> : null;
}

function OwnerSection() {
  const { t } = useIdentityT();
  const id = useId();
  const settings = useSsoSettings();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.title')}</h2>
      <p>{t('settings.intro')}</p>
      {settings.isPending && <p role="status">{t('settings.loading')}</p>}
      {settings.isError && <Notice tone="error">{t('settings.error.generic')}</Notice>}
      {settings.data && <SsoForm saved={settings.data} />}
    </section>
  );
}

const joined = (values: string[]) => values.join(', ');
const split = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function errorKey(error: unknown): IdentityKey {
  if (!(error instanceof ApiError)) return 'settings.error.generic';
  if (error.code === 'sso_domain_taken') return 'settings.error.domainTaken';
  if (error.code === 'sso_secret_missing') return 'settings.error.secretMissing';
  return error.status === 400 ? 'settings.error.invalid' : 'settings.error.generic';
}

function SsoForm({ saved }: { saved: SsoSettings }) {
  const { t } = useIdentityT();
  const id = useId();
  const save = useSaveSsoSettings();
  const [form, setForm] = useState({
    issuer: saved.issuer,
    clientId: saved.client_id,
    secret: '',
    domains: joined(saved.allowed_domains),
    roleClaim: saved.role_claim,
    owner: joined(saved.role_values.owner),
    operator: joined(saved.role_values.operator),
    viewer: joined(saved.role_values.viewer),
    required: saved.required,
  });
  const set = (change: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...change }));
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        issuer: form.issuer.trim(),
        client_id: form.clientId.trim(),
        ...(form.secret ? { client_secret: form.secret } : {}),
        allowed_domains: split(form.domains),
        role_claim: form.roleClaim.trim() || 'groups',
        role_values: { owner: split(form.owner), operator: split(form.operator), viewer: split(form.viewer) },
        required: form.required,
      },
      { onSuccess: () => setForm((current) => ({ ...current, secret: '' })) },
    );
  };
  const secretSet = save.data?.client_secret_set ?? saved.client_secret_set;
  return (
    <form onSubmit={submit} className="sso-settings">
      <div className="field">
        <span id={`${id}-redirect`}>{t('settings.redirectUri')}</span>
        <code className="sso-settings__uri" aria-labelledby={`${id}-redirect`}>
          {saved.redirect_uri}
        </code>
      </div>
      <SsoField
        label={t('settings.issuer')}
        hint={t('settings.issuerHint')}
        type="url"
        required
        value={form.issuer}
        onChange={(issuer) => set({ issuer })}
      />
      <SsoField
        label={t('settings.clientId')}
        required
        value={form.clientId}
        onChange={(clientId) => set({ clientId })}
      />
      <SsoField
        label={t('settings.clientSecret')}
        hint={t(secretSet ? 'settings.secretSet' : 'settings.secretNotSet')}
        type="password"
        autoComplete="off"
        required={!secretSet}
        value={form.secret}
        onChange={(secret) => set({ secret })}
      />
      <SsoField
        label={t('settings.domains')}
        hint={t('settings.domainsHint')}
        required
        value={form.domains}
        onChange={(domains) => set({ domains })}
      />
      <SsoField
        label={t('settings.roleClaim')}
        hint={t('settings.roleClaimHint')}
        value={form.roleClaim}
        onChange={(roleClaim) => set({ roleClaim })}
      />
      <p id={`${id}-values`} className="field__hint">
        {t('settings.valuesHint')}
      </p>
      {(['owner', 'operator', 'viewer'] as const).map((role) => (
        <SsoField
          key={role}
          label={t(`settings.values.${role}`)}
          describedBy={`${id}-values`}
          value={form[role]}
          onChange={(value) => set({ [role]: value })}
        />
      ))}
      <div className="sso-settings__required">
        <input
          id={`${id}-required`}
          type="checkbox"
          aria-describedby={`${id}-required-hint`}
          checked={form.required}
          onChange={(e) => set({ required: e.target.checked })}
        />
        <label htmlFor={`${id}-required`}>{t('settings.required')}</label>
      </div>
      <p id={`${id}-required-hint`} className="field__hint">
        {t('settings.requiredHint')}
      </p>
      {save.isError && <Notice tone="error">{t(errorKey(save.error))}</Notice>}
      {save.isSuccess && <Notice tone="success">{t('settings.saved')}</Notice>}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}
