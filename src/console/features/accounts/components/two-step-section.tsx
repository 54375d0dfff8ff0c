/**
 * "Two-step sign-in" for the signed-in user: whether it is on, how many recovery codes are left,
 * and turning it off with a current code (not while the organisation requires it); when it is
 * off, the set-up (mfa-enrolment.tsx).
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useAccountT } from '@console/hooks/use-account-t';
import type { MfaStatus } from '@shared/account';
import { useDisableMfa, useMfaStatus } from '../api/mfa';
import { CodeInput } from './code-input';
import { MfaEnrolment } from './mfa-enrolment';

export function TwoStepSection() {
  const { t } = useAccountT();
  const id = useId();
  const status = useMfaStatus();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mfa.title')}</h2>
      <p>{t('mfa.intro')}</p>
      <ErrorAlert error={status.error} />
      {status.isPending && <p role="status">{t('mfa.loading')}</p>}
      {status.data &&
        (status.data.enabled ? (
          <MfaOn status={status.data} />
        ) : (
          <MfaEnrolment required={status.data.required} />
        ))}
    </section>
  );
}

function MfaOn({ status }: { status: MfaStatus }) {
  const { t } = useAccountT();
  return (
    <>
      <Notice tone="success">
        <p>{t('mfa.on')}</p>
        <p>{t('mfa.codesLeft', { left: status.recovery_codes_left })}</p>
      </Notice>
      {status.required ? <p className="muted">{t('mfa.requiredNote')}</p> : <DisableForm />}
    </>
  );
}

function DisableForm() {
  const { t } = useAccountT();
  const disable = useDisableMfa();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(code.trim(), { onSettled: () => setCode('') });
  };
  return (
    <form onSubmit={submit}>
      <h3>{t('mfa.disable.title')}</h3>
      <CodeInput id="mfa-disable-code" label={t('mfa.disable.label')} value={code} onChange={setCode} />
      <ErrorAlert error={disable.error} />
      <button type="submit" className="button button--danger" disabled={disable.isPending}>
        {t('mfa.disable.submit')}
      </button>
    </form>
  );
}
