/** A campaign's status and dates, in the zone it was planned in. */
import { useT } from '@console/hooks/use-t';
import type { CampaignSummary } from '@shared/admin-api';
import { LANGUAGES } from '@shared/languages';
import { StatusBadge } from '@console/components/status-badge';
import { formatDateTime, formatNumber } from '@console/lib/format';

export function CampaignFacts({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useT();
  const at = (iso: string | null) => formatDateTime(iso, campaign.time_zone);
  return (
    <dl className="facts">
      <dt>{t('campaigns.status')}</dt>
      <dd>
        <StatusBadge status={campaign.status} />
      </dd>
      <dt>{t('overview.language')}</dt>
      <dd>{LANGUAGES[campaign.language_code].name}</dd>
      <dt>{t('overview.timeZone')}</dt>
      <dd>{campaign.time_zone}</dd>
      <dt>{t('campaigns.starts')}</dt>
      <dd>{at(campaign.starts_at)}</dd>
      <dt>{t('campaigns.ends')}</dt>
      <dd>{at(campaign.ends_at)}</dd>
      <dt>{t('overview.launched')}</dt>
      <dd>{at(campaign.launched_at)}</dd>
      <dt>{t('overview.ended')}</dt>
      <dd>{at(campaign.ended_at)}</dd>
      <dt>{t('overview.created')}</dt>
      <dd>{at(campaign.created_at)}</dd>
      <dt>{t('campaigns.recipients')}</dt>
      <dd>{formatNumber(campaign.recipients)}</dd>
    </dl>
  );
}
