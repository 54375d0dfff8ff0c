/**
 * /training: the tenant's training policy, and the training assigned to people after a
 * simulation with where each stands (assigned, reminded, completed), filtered by status.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { useTrainingT } from '@console/hooks/use-training-t';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { TRAINING_STATUSES, type TrainingStatus } from '@shared/training';
import { useTrainingAssignments, useTrainingPolicy } from '../api/training';
import { TrainingPolicyForm } from './training-policy-form';
import './training.css';

const isStatus = (value: string): value is TrainingStatus =>
  (TRAINING_STATUSES as readonly string[]).includes(value);

export function TrainingPage() {
  const { t } = useTrainingT();
  const id = useId();
  const policy = useTrainingPolicy();
  const [status, setStatus] = useState<TrainingStatus | ''>('');
  const assignments = useTrainingAssignments(status);
  const list = assignments.data;
  return (
    <div className="training">
      <PageHeading>{t('training.title')}</PageHeading>
      <p className="muted">{t('training.intro')}</p>
      <section className="panel">
        <ErrorAlert error={policy.error} />
        {policy.isPending && <p role="status">{t('training.loading')}</p>}
        {policy.data && <TrainingPolicyForm policy={policy.data} />}
      </section>
      <section className="panel" aria-labelledby={`${id}-assigned`}>
        <h2 id={`${id}-assigned`}>{t('assignments.title')}</h2>
        <div className="field training__filter">
          <label htmlFor={`${id}-status`}>{t('assignments.status')}</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(isStatus(e.target.value) ? e.target.value : '')}
          >
            <option value="">{t('assignments.all')}</option>
            {TRAINING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <ErrorAlert error={assignments.error} />
        {assignments.isPending && <p role="status">{t('training.loading')}</p>}
        {list && list.items.length === 0 && <p>{t('assignments.empty')}</p>}
        {list && list.items.length > 0 && (
          <>
            <p className="muted" role="status" id={`${id}-count`}>
              {t('assignments.count', {
                shown: formatNumber(list.items.length),
                total: formatNumber(list.total),
              })}
            </p>
            {/* Scrolls sideways on a phone: a named region the keyboard can reach and scroll. */}
            {/* Named apart from its section (a landmark's name is its own): the title and the count. */}
            <div
              className="table-wrap"
              role="region"
              aria-labelledby={`${id}-assigned ${id}-count`}
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <table className="table training__table">
                <thead>
                  <tr>
                    <th scope="col">{t('column.person')}</th>
                    <th scope="col">{t('column.simulation')}</th>
                    <th scope="col">{t('column.reason')}</th>
                    <th scope="col">{t('column.status')}</th>
                    <th scope="col">{t('column.assigned')}</th>
                    <th scope="col">{t('column.reminded')}</th>
                    <th scope="col">{t('column.completed')}</th>
                    <th scope="col">{t('column.score')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <Link to={`/people/${encodeURIComponent(a.person.id)}`}>
                          {a.person.display_name ?? a.person.email ?? t('column.unnamed')}
                        </Link>
                        {a.person.display_name && a.person.email && (
                          <span className="training__email muted">{a.person.email}</span>
                        )}
                      </td>
                      <td>{a.campaign_name}</td>
                      <td>{t(`reason.${a.reason}`)}</td>
                      <td>
                        <span className={`training__status training__status--${a.status}`}>
                          {t(`status.${a.status}`)}
                        </span>
                      </td>
                      <td>{formatDateTime(a.assigned_at)}</td>
                      <td>{formatDateTime(a.reminded_at)}</td>
                      <td>{formatDateTime(a.completed_at)}</td>
                      <td>{a.score === null ? '—' : `${formatNumber(a.score)} %`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
