/** /sending-profiles: the workspace's SMTP relays. Operators and owners change them; viewers read. */
import { useState } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { hasRole } from '@console/lib/roles';
import { useT } from '@console/hooks/use-t';
import type { SendingProfile } from '@shared/sending';
import { useSession } from '@console/features/accounts/api/session';
import { useSendingProfiles } from '../api/sending';
import { ProfileForm } from './profile-form';
import { ProfileRow } from './profile-row';

/** null: no form open; 'new': the create form; a profile: its edit form. */
type Editing = null | 'new' | SendingProfile;

export function SendingProfilesPage() {
  const { t } = useT();
  const { user } = useSession();
  const canChange = hasRole(user.role, 'operator');
  const profiles = useSendingProfiles();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <PageHeading
        actions={
          canChange &&
          editing === null && (
            <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
              {t('profiles.new')}
            </button>
          )
        }
      >
        {t('profiles.title')}
      </PageHeading>
      <ErrorAlert error={profiles.error} />
      {profiles.isPending && <p role="status">{t('loading')}</p>}
      {editing !== null && (
        <ProfileForm
          key={editing === 'new' ? 'new' : editing.id}
          profile={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {profiles.data?.length === 0 && <p className="muted">{t('profiles.none')}</p>}
      {profiles.data && profiles.data.length > 0 && (
        <div className="table-wrap panel">
          <table className="table">
            <caption>{t('profiles.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('profiles.name')}</th>
                <th scope="col">{t('profiles.server')}</th>
                <th scope="col">{t('profiles.username')}</th>
                <th scope="col">{t('profiles.password')}</th>
                <th scope="col">{t('profiles.envelopeFrom')}</th>
                <th scope="col">{t('profiles.gateways')}</th>
                {canChange && <th scope="col">{t('campaigns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {profiles.data.map((profile) => (
                <ProfileRow
                  key={profile.id}
                  profile={profile}
                  canChange={canChange}
                  onEdit={() => setEditing(profile)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
