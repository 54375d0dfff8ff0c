/** Ends a scheduled or running campaign after a confirmation: its links stop working for good. */
import { useState } from 'react';
import { useT } from '@console/hooks/use-t';
import type { CampaignSummary } from '@shared/admin-api';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { useEndCampaign } from '../api/campaigns';

export function EndCampaignButton({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const end = useEndCampaign();
  if (campaign.status !== 'running' && campaign.status !== 'scheduled') return null;
  return (
    <>
      <button
        type="button"
        className="button button--small button--danger"
        aria-label={t('campaigns.endNamed', { name: campaign.name })}
        onClick={() => setOpen(true)}
      >
        {t('campaigns.end')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('campaigns.endTitle', { name: campaign.name })}
          message={t('campaigns.endMessage')}
          confirmLabel={t('campaigns.endConfirm')}
          pending={end.isPending}
          error={end.error}
          onConfirm={() => end.mutate(campaign.id, { onSuccess: () => setOpen(false) })}
          onClose={() => {
            end.reset();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
