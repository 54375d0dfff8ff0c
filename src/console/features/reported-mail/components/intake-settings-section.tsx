/**
 * How reports come in (owners: the server refuses the rest): the IMAP mailbox read on a schedule
 * (its password written, never shown: "set" at most), when it was last read and why that failed,
 * and the SMTP intake's addresses with the domains reports may come from. Values are checked with
 * the server's own schema first, so a wrong one is named next to its field.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useReportsT, type ReportsKey } from '@console/hooks/use-reports-t';
import { useT } from '@console/hooks/use-t';
import { formatDateTime } from '@console/lib/format';
import { ApiError } from '@shared/api-client';
import { mailIntakeInputSchema } from '@shared/mail-reports';
import { useMailIntake, useSaveMailIntake, type MailIntake, type MailIntakeInput } from '../api/mail-reports';

export function IntakeSettingsSection() {
  const { t } = useReportsT();
  const { t: tc } = useT();
  const intake = useMailIntake();
  return (
    <section className="panel" aria-labelledby="reported-mail-intake">
      <h2 id="reported-mail-intake">{t('intake.title')}</h2>
      <p className="muted">{t('intake.intro')}</p>
      <ErrorAlert error={intake.error} />
      {intake.isPending && <p role="status">{tc('loading')}</p>}
      {intake.data && <IntakeForm saved={intake.data} />}
    </section>
  );
}

type Field = 'host' | 'port' | 'user' | 'folder' | 'processed' | 'addresses' | 'domains';

/** Comma or line separated. */
const split = (text: string) =>
  text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

const formOf = (saved: MailIntake) => ({
  enabled: saved.imap.enabled,
  host: saved.imap.host ?? '',
  port: saved.imap.port === null ? '' : String(saved.imap.port),
  tls: saved.imap.tls,
  user: saved.imap.user ?? '',
  password: '',
  folder: saved.imap.folder,
  processed: saved.imap.processed_folder,
  addresses: saved.smtp.addresses.join('\n'),
  domains: saved.smtp.allowed_domains.join('\n'),
});
type Form = ReturnType<typeof formOf>;

const bodyOf = (form: Form) => ({
  imap: {
    enabled: form.enabled,
    host: form.host.trim() || null,
    port: form.port.trim() === '' ? null : Number(form.port),
    tls: form.tls,
    user: form.user.trim() || null,
    ...(form.password ? { password: form.password } : {}),
    folder: form.folder.trim() || 'INBOX',
    processed_folder: form.processed.trim() || 'Processed',
  },
  smtp: { addresses: split(form.addresses), allowed_domains: split(form.domains) },
});

const FIELD_WORDS: Record<Field, ReportsKey> = {
  host: 'invalid.host',
  port: 'invalid.port',
  user: 'invalid.user',
  folder: 'invalid.folder',
  processed: 'invalid.folder',
  addresses: 'invalid.address',
  domains: 'invalid.domain',
};

/** Which field a schema issue is about, and the value it refused when it is one of a list. */
function issueField(path: readonly PropertyKey[]): Field | undefined {
  const [part, name] = path;
  if (part === 'smtp')
    return name === 'addresses' ? 'addresses' : name === 'allowed_domains' ? 'domains' : undefined;
  if (name === 'processed_folder') return 'processed';
  if (name === 'host' || name === 'port' || name === 'user' || name === 'folder') return name;
  return undefined;
}

type Problems = Partial<Record<Field, string>>;

function IntakeForm({ saved }: { saved: MailIntake }) {
  const { t } = useReportsT();
  const id = useId();
  const save = useSaveMailIntake();
  const [form, setForm] = useState(() => formOf(saved));
  const [problems, setProblems] = useState<Problems>({});
  const [invalid, setInvalid] = useState(false);
  const current = save.data ?? saved;
  const set = (change: Partial<Form>) => {
    setForm((now) => ({ ...now, ...change }));
    setProblems({});
    setInvalid(false);
    save.reset();
  };

  const describe = (field: Field): Problems[Field] => problems[field];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form);
    const checked = mailIntakeInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        const field = issueField(issue.path);
        if (!field || found[field]) continue;
        const index = issue.path[2];
        if (field === 'addresses' || field === 'domains') {
          const list = field === 'addresses' ? body.smtp.addresses : body.smtp.allowed_domains;
          const value = typeof index === 'number' ? list[index] : undefined;
          found[field] = value === undefined ? t('invalid.tooMany') : t(FIELD_WORDS[field], { value });
        } else {
          found[field] = t(FIELD_WORDS[field]);
        }
      }
      setProblems(found);
      setInvalid(true);
      return;
    }
    const input: MailIntakeInput = checked.data;
    save.mutate(input, {
      onSuccess: (data) => setForm(formOf(data)),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'intake_address_taken') {
          const taken = input.smtp.addresses.find((address) => error.message.startsWith(address));
          setProblems({
            addresses: taken ? t('error.addressTaken', { address: taken }) : t('error.someAddressTaken'),
          });
        }
      },
    });
  };

  const serverWords = (): ReactNode => {
    const error = save.error;
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'intake_address_taken')
      return <Notice tone="error">{problems.addresses ?? t('error.someAddressTaken')}</Notice>;
    if (error instanceof ApiError && error.code === 'intake_incomplete')
      return <Notice tone="error">{t('error.incomplete')}</Notice>;
    if (error instanceof ApiError && error.code === 'validation_failed')
      return <Notice tone="error">{t('error.invalid')}</Notice>;
    return <ErrorAlert error={error} />;
  };

  const field = (name: Field, label: string, input: ReactNode, hint?: string) => {
    const problem = describe(name);
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input}
        {hint && (
          <span id={`${id}-${name}-hint`} className="field__hint">
            {hint}
          </span>
        )}
        {problem && (
          <span id={`${id}-${name}-problem`} className="reported-mail__problem">
            {problem}
          </span>
        )}
      </div>
    );
  };
  const described = (name: Field, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : '', describe(name) ? `${id}-${name}-problem` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const text = (name: Exclude<Field, 'addresses' | 'domains'>, hint?: boolean) => (
    <input
      id={`${id}-${name}`}
      dir="ltr"
      spellCheck={false}
      autoComplete="off"
      inputMode={name === 'port' ? 'numeric' : undefined}
      required={form.enabled && (name === 'host' || name === 'port' || name === 'user')}
      aria-invalid={describe(name) ? true : undefined}
      aria-describedby={described(name, hint)}
      value={form[name]}
      onChange={(e) => set({ [name]: e.target.value })}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="reported-mail__intake">
      <fieldset>
        <legend>{t('imap.title')}</legend>
        <div className="reported-mail__check">
          <input
            id={`${id}-enabled`}
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          <label htmlFor={`${id}-enabled`}>{t('imap.enabled')}</label>
        </div>
        <dl className="reported-mail__facts">
          <div className="reported-mail__fact">
            <dt>{t('imap.lastPoll')}</dt>
            <dd>
              {current.imap.last_poll_at ? formatDateTime(current.imap.last_poll_at) : t('imap.neverRead')}
            </dd>
          </div>
        </dl>
        {current.imap.last_error && (
          <Notice tone="warning">
            <span className="reported-mail__text">
              {t('imap.lastError', { why: current.imap.last_error })}
            </span>
          </Notice>
        )}
        {field('host', t('imap.host'), text('host', true), t('imap.hostHint'))}
        {field('port', t('imap.port'), text('port', true), t('imap.portHint'))}
        <div className="reported-mail__check">
          <input
            id={`${id}-tls`}
            type="checkbox"
            aria-describedby={`${id}-tls-hint`}
            checked={form.tls}
            onChange={(e) => set({ tls: e.target.checked })}
          />
          <label htmlFor={`${id}-tls`}>{t('imap.tls')}</label>
        </div>
        <p id={`${id}-tls-hint`} className="field__hint">
          {t('imap.tlsHint')}
        </p>
        {field('user', t('imap.user'), text('user'))}
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('imap.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            dir="ltr"
            autoComplete="new-password"
            aria-describedby={`${id}-password-hint`}
            value={form.password}
            onChange={(e) => set({ password: e.target.value })}
          />
          <span id={`${id}-password-hint`} className="field__hint">
            {current.imap.password_set ? t('imap.passwordSet') : t('imap.passwordNotSet')}
          </span>
        </div>
        {field('folder', t('imap.folder'), text('folder'))}
        {field('processed', t('imap.processedFolder'), text('processed', true), t('imap.processedHint'))}
      </fieldset>
      <fieldset>
        <legend>{t('smtp.title')}</legend>
        {!current.smtp.listening && <Notice tone="info">{t('smtp.notListening')}</Notice>}
        {field(
          'addresses',
          t('smtp.addresses'),
          <textarea
            id={`${id}-addresses`}
            dir="ltr"
            rows={3}
            spellCheck={false}
            aria-invalid={describe('addresses') ? true : undefined}
            aria-describedby={described('addresses', true)}
            value={form.addresses}
            onChange={(e) => set({ addresses: e.target.value })}
          />,
          t('smtp.addressesHint'),
        )}
        {field(
          'domains',
          t('smtp.domains'),
          <textarea
            id={`${id}-domains`}
            dir="ltr"
            rows={3}
            spellCheck={false}
            aria-invalid={describe('domains') ? true : undefined}
            aria-describedby={described('domains', true)}
            value={form.domains}
            onChange={(e) => set({ domains: e.target.value })}
          />,
          t('smtp.domainsHint'),
        )}
      </fieldset>
      {invalid && <Notice tone="error">{t('error.fix')}</Notice>}
      {serverWords()}
      {save.isSuccess && <Notice tone="success">{t('intake.saved')}</Notice>}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? t('intake.saving') : t('intake.save')}
      </button>
    </form>
  );
}
