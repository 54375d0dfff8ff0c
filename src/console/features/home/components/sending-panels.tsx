/** The home page's sending health (with the cause, in words) and the reviewers' queue. */
import { Link } from 'react-router';
import type { SendingHealthList } from '@shared/sending';
import { useHomeT } from '@console/hooks/use-home-t';
import { useHomeCampaigns, useHomeSendingHealth, useReviewerQueue } from '../api/home';
import { HomeSection } from './home-section';

type Health = SendingHealthList['campaigns'][number];

function HealthLine({ health, name }: { health: Health; name: string }) {
  const { t } = useHomeT();
  const cause = health.failure ? t(`home.cause.${health.failure.cause}`) : null;
  return (
    <li className={`home__health home__health--${health.state}`}>
      <Link
        to={`/campaigns/${encodeURIComponent(health.campaign_id)}`}
        aria-label={t('home.sending.open', { name })}
      >
        {t(`home.sending.${health.state}`, { name })}
      </Link>
      {cause && <span className="home__cause">{cause}</span>}
    </li>
  );
}

export function SendingHealthPanel() {
  const { t } = useHomeT();
  const health = useHomeSendingHealth();
  const campaigns = useHomeCampaigns();
  const nameOf = (id: string) => campaigns.data?.find((c) => c.id === id)?.name ?? '';
  // Problems first: they are what the operator has to act on.
  const rows = [...(health.data ?? [])].sort((a, b) => Number(a.state === 'ok') - Number(b.state === 'ok'));
  return (
    <HomeSection id="home-sending" title={t('home.sending.title')} query={health}>
      {rows.length === 0 ? (
        <p className="muted">{t('home.sending.empty')}</p>
      ) : (
        <ul className="home__list">
          {rows.map((row) => (
            <HealthLine key={row.campaign_id} health={row} name={nameOf(row.campaign_id)} />
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

export function ReviewerQueuePanel() {
  const { t } = useHomeT();
  const waiting = useReviewerQueue();
  return (
    <HomeSection id="home-queue" title={t('home.queue.title')} query={waiting}>
      <p>{waiting.data ? t('home.queue.waiting', { count: waiting.data }) : t('home.queue.empty')}</p>
      <p>
        <Link to="/reviewers">{t('home.queue.open')}</Link>
      </p>
    </HomeSection>
  );
}
