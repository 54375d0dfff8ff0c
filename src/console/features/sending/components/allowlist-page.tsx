/**
 * /sending-profiles/:id/allowlist: what a mail admin enters so the gateway delivers the
 * simulation and leaves its links alone (Microsoft 365, Google Workspace), with the relay's
 * outbound addresses once the operator gives them, and the check that shows whether it worked.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { PageHeading } from '@console/components/page-heading';
import { useSession } from '@console/features/accounts/api/session';
import { useT } from '@console/hooks/use-t';
import { hasRole } from '@console/lib/roles';
import { ApiError } from '@shared/api-client';
import { useAllowlist, useFillSendingIps } from '../api/allowlist';
import { AllowlistCheckPanel } from './allowlist-check-panel';
import { AllowlistVendor } from './allowlist-vendor';
import './allowlist-page.css';

export function AllowlistPage() {
  const { t } = useT();
  const { id = '' } = useParams();
  const { user } = useSession();
  const [sendingIps, setSendingIps] = useState('');
  const values = useAllowlist(id, sendingIps);
  const name = values.data?.profile.name;
  return (
    <>
      <PageHeading>{name ? t('allowlist.title', { name }) : t('profiles.allowlist')}</PageHeading>
      <p>
        <Link to="/sending-profiles">{t('allowlist.back')}</Link>
      </p>
      <p>{t('allowlist.intro')}</p>
      <ErrorAlert error={values.error} />
      {values.isPending && <p role="status">{t('loading')}</p>}
      {values.data && (
        <>
          <SendingIpsForm profileId={id} relay={values.data.profile.relay} onFilled={setSendingIps} />
          {values.data.vendors.map((vendor) => (
            <AllowlistVendor key={vendor.vendor} vendor={vendor} />
          ))}
          <AllowlistCheckPanel profileId={id} canSend={hasRole(user.role, 'operator')} />
        </>
      )}
    </>
  );
}

function SendingIpsForm({
  profileId,
  relay,
  onFilled,
}: {
  profileId: string;
  relay: string;
  onFilled: (sendingIps: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  const fill = useFillSendingIps(profileId);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fill.mutate(text.trim(), { onSuccess: onFilled });
  };
  const invalid = fill.error instanceof ApiError && fill.error.status === 400;
  return (
    <form className="panel" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-ips`}>{t('allowlist.ips.label')}</label>
        <input
          id={`${id}-ips`}
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          aria-invalid={invalid || undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <span id={`${id}-hint`} className="field__hint">
          {t('allowlist.ips.hint', { relay })}
        </span>
      </div>
      {invalid ? (
        <Notice tone="error">{t('allowlist.ips.invalid')}</Notice>
      ) : (
        <ErrorAlert error={fill.error} />
      )}
      <button type="submit" className="button" disabled={fill.isPending}>
        {t('allowlist.ips.submit')}
      </button>
    </form>
  );
}
