/**
 * /automations: the tenant's automations (recurring simulations) with pause and resume, the form
 * that creates one, and the next month's plan of the one chosen, with the adaptive rule in words.
 */
import { useState } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { hasRole } from '@console/lib/roles';
import { isLanguageCode } from '@shared/languages';
import { useAutomationsT } from '@console/hooks/use-automations-t';
import { useSession } from '@console/features/accounts/api/session';
import {
  useAutomationChoices,
  useAutomationPlan,
  useAutomations,
  useSetAutomationState,
} from '../api/automations';
import { audienceWords } from '../lib/audience-words';
import { AutomationForm } from './automation-form';
import { PlanTable } from './plan-table';
import './automations.css';

export function AutomationsPage() {
  const { t, i18n } = useAutomationsT();
  const { user } = useSession();
  const canChange = hasRole(user.role, 'operator');
  const automations = useAutomations();
  const { facets, filters } = useAutomationChoices();
  const setState = useSetAutomationState();
  const [chosen, setChosen] = useState<string>();
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const plan = useAutomationPlan(chosen, language);
  const chosenName = automations.data?.find((a) => a.id === chosen)?.name ?? '';
  return (
    <div className="automations">
      <PageHeading>{t('automations.title')}</PageHeading>
      <p className="muted">{t('automations.intro')}</p>
      <ErrorAlert error={automations.error ?? setState.error} />
      {automations.isPending && <p role="status">{t('automations.loading')}</p>}
      {automations.data?.length === 0 && <p className="muted">{t('automations.none')}</p>}
      {automations.data && automations.data.length > 0 && (
        // A table wider than a phone scrolls sideways: a named region the keyboard reaches (axe).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="table-wrap panel" role="region" aria-label={t('automations.caption')} tabIndex={0}>
          <table className="table" data-table="automations">
            <caption>{t('automations.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('automations.name')}</th>
                <th scope="col">{t('automations.audience')}</th>
                <th scope="col">{t('automations.hours')}</th>
                <th scope="col">{t('automations.state')}</th>
                <th scope="col">{t('automations.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {automations.data.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.name}</th>
                  <td>{audienceWords(t, a.audience, facets.data, filters.data?.filters)}</td>
                  <td>
                    {t('automations.hoursValue', { start: a.working_hours.start, end: a.working_hours.end })}
                  </td>
                  <td>{a.state === 'active' ? t('automations.active') : t('automations.paused')}</td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--small"
                        aria-pressed={chosen === a.id}
                        onClick={() => setChosen(a.id)}
                      >
                        {t('automations.showPlan')}
                        <span className="visually-hidden">: {a.name}</span>
                      </button>
                      {canChange && (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={setState.isPending}
                          onClick={() =>
                            setState.mutate({ id: a.id, action: a.state === 'active' ? 'pause' : 'resume' })
                          }
                        >
                          {a.state === 'active' ? t('automations.pause') : t('automations.resume')}
                          <span className="visually-hidden">: {a.name}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chosen && <ErrorAlert error={plan.error} />}
      {chosen && plan.isPending && <p role="status">{t('automations.loading')}</p>}
      {plan.data && <PlanTable plan={plan.data} name={chosenName} />}
      {canChange && <AutomationForm />}
    </div>
  );
}
