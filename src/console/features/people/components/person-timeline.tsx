/**
 * Every simulation a person received, newest first, and what they did with it, in sentences;
 * operators can send a simulation's training to a person who has not had it.
 */
import { useId } from 'react';
import { LANGUAGES } from '@shared/languages';
import type { Simulation } from '@shared/person-history';
import { usePersonT } from '@console/hooks/use-person-t';
import { formatNumber } from '@console/lib/format';
import { formatDay, formatDuration } from '../lib/format-duration';
import { AssignTraining } from './assign-training';

export function PersonTimeline({
  personId,
  simulations,
  canAssign,
}: {
  personId: string;
  simulations: Simulation[];
  /** The reader may assign training (an operator or owner). */
  canAssign: boolean;
}) {
  const { t } = usePersonT();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('history.title')}</h2>
      {simulations.length === 0 && <p className="muted">{t('history.empty')}</p>}
      <ol className="person__timeline">
        {simulations.map((s, i) => (
          <li key={`${s.sent_at}-${i}`}>
            <h3 id={`${id}-${i}`}>
              {t('history.sent', {
                campaign: s.campaign_name,
                date: formatDay(s.sent_at),
                language: LANGUAGES[s.language_code].name,
              })}
            </h3>
            <ul>
              <li>
                {s.clicked && s.clicked_at
                  ? t('history.clicked', { date: formatDay(s.clicked_at) })
                  : s.verdict === 'automated'
                    ? t('history.scannerOnly')
                    : t('history.notClicked')}
              </li>
              {s.submitted && <li>{t('history.submitted')}</li>}
              <li>
                {s.reported
                  ? t('history.reported', { after: formatDuration(s.seconds_to_report ?? 0) })
                  : t('history.notReported')}
              </li>
              {s.training_completed ? (
                <li>{t('history.trained')}</li>
              ) : (
                s.training_assigned_at && (
                  <li>{t('history.trainingSent', { date: formatDay(s.training_assigned_at) })}</li>
                )
              )}
              {s.questionnaire_score !== null && (
                <li>{t('history.score', { score: formatNumber(s.questionnaire_score) })}</li>
              )}
            </ul>
            {canAssign && !s.training_assigned_at && !s.training_completed && !s.imported_from && (
              <AssignTraining personId={personId} campaignId={s.campaign_id} describedBy={`${id}-${i}`} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
