/**
 * An owner turns another user's two-step sign-in off (a lost phone), after a confirmation: their
 * sessions end, and they set it up again at their next sign-in.
 */
import { useState } from 'react';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { useAccountT } from '@console/hooks/use-account-t';
import type { User } from '@shared/admin-api';
import { useResetMfa } from '../api/mfa';

export function ResetMfaButton({ user }: { user: User }) {
  const { t } = useAccountT();
  const reset = useResetMfa();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="button button--small" onClick={() => setAsking(true)}>
        {t('reset.button')}
        <span className="visually-hidden"> {user.name}</span>
      </button>
      {asking && (
        <ConfirmDialog
          title={t('reset.title', { name: user.name })}
          message={t('reset.message', { name: user.name })}
          confirmLabel={t('reset.confirm')}
          pending={reset.isPending}
          error={reset.error}
          onConfirm={() => reset.mutate(user.id, { onSuccess: () => setAsking(false) })}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
