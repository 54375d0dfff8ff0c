/** Copies a campaign into a new draft (same content, no recipients) and says where it is. */
import { useT } from '@console/hooks/use-t';
import { Link } from 'react-router';
import type { CampaignSummary } from '@shared/admin-api';
import { errorMessage } from '@console/components/error-alert';
import { useDuplicateCampaign } from '../api/campaigns';

export function DuplicateButton({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useT();
  const duplicate = useDuplicateCampaign();
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={duplicate.isPending}
        aria-label={t('campaigns.duplicateNamed', { name: campaign.name })}
        onClick={() => duplicate.mutate(campaign.id)}
      >
        {t('campaigns.duplicate')}
      </button>
      {duplicate.data && (
        <span role="status" className="inline-status">
          <Link to={`/campaigns/${duplicate.data.id}`}>
            {t('campaigns.duplicated', { name: duplicate.data.name })}
          </Link>
        </span>
      )}
      {duplicate.isError && (
        <span role="alert" className="inline-error">
          {errorMessage(duplicate.error, t('error.generic'))}
        </span>
      )}
    </>
  );
}
