/** The home page's campaign panels: those running with their people-click rate, and the latest results. */
import { Link } from 'react-router';
import type { CampaignSummary } from '@shared/admin-api';
import type { Trends } from '@shared/dashboard';
import { useHomeT } from '@console/hooks/use-home-t';
import { useHomeCampaigns, useHomeTrends } from '../api/home';
import { formatPercent } from '../lib/percent';
import { HomeSection } from './home-section';

type TrendRow = Trends['campaigns'][number];

const resultsOf = (id: string) => `/campaigns/${encodeURIComponent(id)}/results`;

function RunningLine({ campaign, trend }: { campaign: CampaignSummary; trend: TrendRow | undefined }) {
  const { t } = useHomeT();
  const rate = trend?.click_rate ?? null;
  return (
    <li>
      <Link to={resultsOf(campaign.id)} aria-label={t('home.running.results', { name: campaign.name })}>
        {campaign.name}
      </Link>{' '}
      <span className="muted">
        {rate === null ? t('home.running.notSent') : t('home.running.clicked', { rate: formatPercent(rate) })}
      </span>
    </li>
  );
}

export function RunningCampaigns() {
  const { t } = useHomeT();
  const campaigns = useHomeCampaigns();
  const trends = useHomeTrends();
  const running = (campaigns.data ?? []).filter((c) => c.status === 'running');
  return (
    <HomeSection id="home-running" title={t('home.running.title')} query={campaigns}>
      {running.length === 0 ? (
        <p className="muted">{t('home.running.empty')}</p>
      ) : (
        <ul className="home__list">
          {running.map((campaign) => (
            <RunningLine
              key={campaign.id}
              campaign={campaign}
              trend={trends.data?.find((row) => row.id === campaign.id)}
            />
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/** The three campaigns that sent most recently, with what their people did. */
export function LatestResults() {
  const { t } = useHomeT();
  const trends = useHomeTrends();
  const latest = (trends.data ?? [])
    .filter((row) => row.click_rate !== null)
    .sort((a, b) => (b.started_at ?? '').localeCompare(a.started_at ?? ''))
    .slice(0, 3);
  return (
    <HomeSection id="home-results" title={t('home.results.title')} query={trends}>
      {latest.length === 0 ? (
        <p className="muted">{t('home.results.empty')}</p>
      ) : (
        <ul className="home__list">
          {latest.map((row) => (
            <li key={row.id}>
              <Link to={resultsOf(row.id)}>
                {t('home.results.line', {
                  name: row.name,
                  clicked: formatPercent(row.click_rate ?? 0),
                  entered: formatPercent(row.entered_data_rate ?? 0),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/trends">{t('home.results.trends')}</Link>
      </p>
    </HomeSection>
  );
}
