/** A month's plan: who gets which scenario, when in their own time, at which level, and why — with the rule in words. */
import { Notice } from '@console/components/notice';
import { formatDateTime } from '@console/lib/format';
import { useAutomationsT } from '@console/hooks/use-automations-t';
import type { AutomationPlan, PlanItem } from '@shared/automations';

function Why({ item }: { item: PlanItem }) {
  const { t } = useAutomationsT();
  if (item.skip_reason) return <>{t(`skipped.${item.skip_reason}`)}</>;
  return (
    <>
      {t(`reason.${item.reason}`)}
      {item.needs_training && (
        <>
          {' '}
          {/* Whether the training policy sends it, or an operator must (policy off). */}
          <strong className="automations__training">
            {item.training ? t(`training.${item.training}`) : t('plan.training')}
          </strong>
        </>
      )}
    </>
  );
}

export function PlanTable({ plan, name }: { plan: AutomationPlan; name: string }) {
  const { t } = useAutomationsT();
  const [year, month] = plan.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(document.documentElement.lang || 'en', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, 1));
  return (
    <section className="automations__plan" aria-labelledby="automation-plan-title">
      <h2 id="automation-plan-title">{t('plan.title', { name, month: monthName })}</h2>
      {plan.provisional && <Notice tone="info">{t('plan.provisional')}</Notice>}
      <p className="automations__rule">{t('plan.rule')}</p>
      {plan.items.length === 0 ? (
        <p className="muted">{t('plan.empty')}</p>
      ) : (
        // A table wider than a phone scrolls sideways: a named region the keyboard reaches (axe).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="table-wrap panel" role="region" aria-label={t('plan.caption')} tabIndex={0}>
          <table className="table" data-table="plan">
            <caption>{t('plan.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plan.person')}</th>
                <th scope="col">{t('plan.when')}</th>
                <th scope="col">{t('plan.level')}</th>
                <th scope="col">{t('plan.scenario')}</th>
                <th scope="col">{t('plan.why')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.items.map((item) => (
                <tr key={item.person.id}>
                  <th scope="row">
                    <span className="automations__person">{item.person.name ?? item.person.email}</span>
                    <span className="muted automations__department">
                      {item.person.department ?? t('plan.noDepartment')}
                    </span>
                  </th>
                  <td>{item.planned_at ? formatDateTime(item.planned_at, item.time_zone) : '—'}</td>
                  <td>
                    {item.previous_level !== null && item.previous_level !== item.level
                      ? t('plan.levelChange', { from: item.previous_level, to: item.level })
                      : item.level}
                  </td>
                  <td>{item.scenario?.title ?? '—'}</td>
                  <td>
                    <Why item={item} />
                    {item.state === 'queued' && <span className="muted"> · {t('plan.sent')}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
