/** One sending profile in the list, with edit, delete (confirmed) and "send a test message". */
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { useT } from '@console/hooks/use-t';
import type { SendingProfile } from '@shared/sending';
import { useDeleteProfile } from '../api/sending-profiles';
import { TestMessageDialog } from './test-message-dialog';

interface ProfileRowProps {
  profile: SendingProfile;
  canChange: boolean;
  onEdit: () => void;
}

export function ProfileRow({ profile, canChange, onEdit }: ProfileRowProps) {
  const { t } = useT();
  const remove = useDeleteProfile();
  const [dialog, setDialog] = useState<null | 'delete' | 'test'>(null);
  const close = () => {
    remove.reset();
    setDialog(null);
  };
  return (
    <tr>
      <th scope="row">{profile.name}</th>
      <td>
        {profile.host}:{profile.port} ({t(`profiles.tls.${profile.tls}`)})
      </td>
      <td>{profile.username ?? '—'}</td>
      <td>{profile.has_password ? t('profiles.passwordSet') : t('profiles.passwordNotSet')}</td>
      <td>{profile.envelope_from}</td>
      <td>
        <Link
          to={`/sending-profiles/${encodeURIComponent(profile.id)}/allowlist`}
          aria-label={t('profiles.allowlistFor', { name: profile.name })}
        >
          {t('profiles.allowlist')}
        </Link>
      </td>
      {canChange && (
        <td>
          <div className="row-actions">
            <button
              type="button"
              className="button button--small"
              aria-label={t('profiles.editTitle', { name: profile.name })}
              onClick={onEdit}
            >
              {t('profiles.edit')}
            </button>
            <button type="button" className="button button--small" onClick={() => setDialog('test')}>
              {t('profiles.test')}
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              aria-label={t('profiles.deleteTitle', { name: profile.name })}
              onClick={() => setDialog('delete')}
            >
              {t('profiles.delete')}
            </button>
          </div>
          {dialog === 'test' && <TestMessageDialog profile={profile} onClose={close} />}
          {dialog === 'delete' && (
            <ConfirmDialog
              title={t('profiles.deleteTitle', { name: profile.name })}
              message={t('profiles.deleteMessage')}
              confirmLabel={t('profiles.delete')}
              pending={remove.isPending}
              error={remove.error}
              onConfirm={() => remove.mutate(profile.id, { onSuccess: close })}
              onClose={close}
            />
          )}
        </td>
      )}
    </tr>
  );
}
