/**
 * campaign-completed: thanks, score against the pass mark, points and badges, then back to
 * default_url. Records `completed`; the server refuses it while a required questionnaire is
 * unanswered, and then the recipient is sent back to it. Below the pass mark, when the campaign
 * allows it, the one primary action is a retake (and nothing sends the recipient away meanwhile).
 */
import { useEffect } from 'react';
import { useT } from '@web/hooks/use-t';
import { ApiError } from '@shared/api-client';
import { postEvent } from '../api/events';
import { formatNumber, formatPercent } from '../lib/format';
import { badgesOf, canRetake, passedOf, pointsOf } from '../lib/journey-steps';
import { useJourneyData } from '../hooks/journey-context';
import { JourneyStep } from './journey-step';
import { RedirectCountdown } from './redirect-countdown';
import { useJourneyNav } from '../hooks/use-journey-nav';
import './completed-page.css';

const sentFor = new Set<string>();

export function CompletedPage() {
  const { t, i18n } = useT();
  const data = useJourneyData();
  const { goTo } = useJourneyNav('completed');

  useEffect(() => {
    if (sentFor.has(data.rid)) return;
    sentFor.add(data.rid);
    postEvent({ rid: data.rid, type: 'completed' }).catch((error: unknown) => {
      sentFor.delete(data.rid);
      if (error instanceof ApiError && error.code === 'questionnaire_required') goTo('questionnaire');
    });
  }, [data.rid, goTo]);

  const { score } = data.progress;
  const points = pointsOf(data);
  const badges = badgesOf(data);
  const passed = passedOf(data);
  const retake = canRetake(data);
  const passMark = formatPercent(data.gamification.pass_mark, i18n.language);
  const actions = retake ? (
    <div className="journey-actions">
      <button type="button" className="button journey-button" onClick={() => goTo('questionnaire')}>
        {t('completed.retake')}
      </button>
      <a className="button button--secondary" href={data.default_url} rel="noopener noreferrer">
        {t('completed.returnNow')}
      </a>
    </div>
  ) : (
    <RedirectCountdown url={data.default_url} />
  );
  return (
    <JourneyStep page="completed" title={t('completed.title')} actions={actions}>
      <p className="journey-lead">{t('completed.body')}</p>
      {passed !== null && (
        <p className={`completed-verdict ${passed ? 'is-passed' : 'is-failed'}`} role="status">
          {t(passed ? 'completed.passed' : 'completed.failed', { passMark })}
          {retake && ` ${t('completed.retakeHint')}`}
        </p>
      )}
      <dl className="stats">
        {score !== null && (
          <div className="stats__item">
            <dt>{t('completed.score')}</dt>
            <dd>{formatPercent(score, i18n.language)}</dd>
          </div>
        )}
        {points.total > 0 && (
          <div className="stats__item">
            <dt>{t('completed.points')}</dt>
            <dd>
              {t('completed.pointsValue', {
                points: formatNumber(points.earned, i18n.language),
                total: formatNumber(points.total, i18n.language),
              })}
            </dd>
          </div>
        )}
      </dl>
      {badges.length > 0 && (
        <section aria-labelledby="badges-title">
          <h2 id="badges-title">{t('completed.badges')}</h2>
          <ul className="badges">
            {badges.map((badge) => (
              <li key={badge.id} className="badge">
                <span className="badge__icon" aria-hidden="true">
                  ★
                </span>
                {badge.name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </JourneyStep>
  );
}
