/**
 * Creates or edits a sending profile. The password is write-only: never prefilled; left empty
 * on an edit it keeps the stored one (the PUT omits it).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { useT } from '@console/hooks/use-t';
import { SMTP_TLS, type SendingProfile, type SendingProfileInput, type SmtpTls } from '@shared/sending';
import { useSaveProfile } from '../api/sending-profiles';
import { HeaderRows, type HeaderRow } from './header-rows';
import './profile-form.css';

interface FormState {
  name: string;
  host: string;
  port: string;
  tls: SmtpTls;
  username: string;
  password: string;
  removePassword: boolean;
  envelope_from: string;
  header_from: string;
  headers: HeaderRow[];
}

const EMPTY: FormState = {
  name: '',
  host: '',
  port: '587',
  tls: 'starttls',
  username: '',
  password: '',
  removePassword: false,
  envelope_from: '',
  header_from: '',
  headers: [],
};

function fromProfile(profile: SendingProfile): FormState {
  return {
    ...profile,
    port: String(profile.port),
    username: profile.username ?? '',
    password: '',
    removePassword: false,
    header_from: profile.header_from ?? '',
    headers: Object.entries(profile.headers).map(([name, value]) => ({ name, value })),
  };
}

function toInput(form: FormState, editing: boolean): SendingProfileInput {
  const input: SendingProfileInput = {
    name: form.name,
    host: form.host,
    port: Number(form.port),
    tls: form.tls,
    username: form.username.trim() || null,
    envelope_from: form.envelope_from,
    header_from: form.header_from.trim() || null,
    headers: Object.fromEntries(
      form.headers.filter((h) => h.name.trim()).map((h) => [h.name.trim(), h.value]),
    ),
  };
  // On an edit, no `password` keeps the stored one and null removes it.
  if (form.removePassword) input.password = null;
  else if (form.password || !editing) input.password = form.password || null;
  return input;
}

export function ProfileForm({ profile, onDone }: { profile: SendingProfile | null; onDone: () => void }) {
  const { t } = useT();
  const id = useId();
  const save = useSaveProfile();
  const [form, setForm] = useState(() => (profile ? fromProfile(profile) : EMPTY));
  const first = useRef<HTMLInputElement>(null);
  // The form opens above the list: keyboard and screen-reader users start in it.
  useEffect(() => first.current?.focus(), []);
  const set = (change: Partial<FormState>) => setForm((current) => ({ ...current, ...change }));
  const field = (key: 'name' | 'host' | 'username' | 'envelope_from' | 'header_from') => ({
    id: `${id}-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: profile?.id ?? null, body: toInput(form, profile !== null) }, { onSuccess: onDone });
  };

  const title = profile ? t('profiles.editTitle', { name: profile.name }) : t('profiles.new');
  return (
    <form className="panel profile-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('profiles.name')}</label>
          <input ref={first} required {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-host`}>{t('profiles.host')}</label>
          <input required autoComplete="off" {...field('host')} />
        </div>
        <div className="field profile-form__port">
          <label htmlFor={`${id}-port`}>{t('profiles.port')}</label>
          <input
            id={`${id}-port`}
            type="number"
            required
            min={1}
            max={65535}
            value={form.port}
            onChange={(e) => set({ port: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tls`}>{t('profiles.tls')}</label>
          <select id={`${id}-tls`} value={form.tls} onChange={(e) => set({ tls: e.target.value as SmtpTls })}>
            {SMTP_TLS.map((tls) => (
              <option key={tls} value={tls}>
                {t(`profiles.tls.${tls}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-username`}>{t('profiles.username')}</label>
          <input autoComplete="off" {...field('username')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('profiles.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            aria-describedby={profile ? `${id}-password-hint` : undefined}
            value={form.password}
            disabled={form.removePassword}
            onChange={(e) => set({ password: e.target.value })}
          />
          {profile && (
            <span id={`${id}-password-hint`} className="field__hint">
              {profile.has_password ? t('profiles.passwordKept') : t('profiles.passwordNone')}
            </span>
          )}
          {profile?.has_password && (
            <label className="profile-form__check">
              <input
                type="checkbox"
                checked={form.removePassword}
                onChange={(e) => set({ removePassword: e.target.checked, password: '' })}
              />{' '}
              {t('profiles.removePassword')}
            </label>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-envelope_from`}>{t('profiles.envelopeFrom')}</label>
          <input type="email" required {...field('envelope_from')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-header_from`}>{t('profiles.headerFrom')}</label>
          <input {...field('header_from')} />
        </div>
      </div>
      <HeaderRows rows={form.headers} onChange={(headers) => set({ headers })} />
      <ErrorAlert error={save.error} />
      <div className="row-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {profile ? t('profiles.save') : t('profiles.create')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('action.cancel')}
        </button>
      </div>
    </form>
  );
}
