/** Every campaign of the tenant, with the actions the signed-in role may take on each. */
import { useT } from '@console/hooks/use-t';
import { Link } from 'react-router';
import type { CampaignSummary } from '@shared/admin-api';
import { StatusBadge } from '@console/components/status-badge';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useSendingHealth } from '@console/features/sending/api/sending';
import { SendingHealthBadge } from '@console/features/sending/components/sending-health-notice';
import { DuplicateButton } from './duplicate-button';
import { EndCampaignButton } from './end-campaign-button';
import { ExportButton } from './export-button';

interface CampaignsTableProps {
  campaigns: CampaignSummary[];
  canChange: boolean;
}

export function CampaignsTable({ campaigns, canChange }: CampaignsTableProps) {
  const { t } = useT();
  // A sending that fails or was paused for it shows in the list, with why, not only on the campaign.
  const health = useSendingHealth();
  if (campaigns.length === 0) return <p className="muted">{t('campaigns.empty')}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{t('campaigns.caption', { count: campaigns.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('campaigns.name')}</th>
            <th scope="col">{t('campaigns.status')}</th>
            <th scope="col">{t('campaigns.starts')}</th>
            <th scope="col">{t('campaigns.ends')}</th>
            <th scope="col" className="number">
              {t('campaigns.recipients')}
            </th>
            <th scope="col">{t('campaigns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <th scope="row">
                <Link to={`/campaigns/${campaign.id}`}>{campaign.name}</Link>
              </th>
              <td>
                <StatusBadge status={campaign.status} />
                <SendingHealthBadge health={health.data?.get(campaign.id)} />
              </td>
              <td>{formatDateTime(campaign.starts_at, campaign.time_zone)}</td>
              <td>{formatDateTime(campaign.ended_at ?? campaign.ends_at, campaign.time_zone)}</td>
              <td className="number">{formatNumber(campaign.recipients)}</td>
              <td>
                <div className="row-actions">
                  <Link
                    className="button button--small"
                    to={`/campaigns/${campaign.id}`}
                    aria-label={t('campaigns.openNamed', { name: campaign.name })}
                  >
                    {t('campaigns.open')}
                  </Link>
                  <ExportButton campaign={campaign} />
                  {canChange && <DuplicateButton campaign={campaign} />}
                  {canChange && <EndCampaignButton campaign={campaign} />}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
