/**
 * /campaigns/:id/results: the live dashboard. It refetches every 3 s (react-query), so a new
 * event shows without a reload; the print stylesheet makes the browser's "Save as PDF" a clean
 * campaign report (funnel, verdicts, timeline, questions, breakdowns; no one's name in it).
 */
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { formatDateTime } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { useDashboard } from '../api/dashboard';
import { BreakdownSection } from './breakdown-section';
import { DashboardExportButton } from './export-buttons';
import { FunnelSection } from './funnel-section';
import { QuestionsSection } from './questions-section';
import { ResultsRecipients } from './results-recipients';
import { TimelineSection } from './timeline-section';
import { VerdictsSection } from './verdicts-section';
import './dashboard.css';

export function DashboardPage() {
  const { t } = useResultsT();
  const { id = '' } = useParams();
  const dashboard = useDashboard(id);
  const d = dashboard.data;
  if (!d) {
    return (
      <>
        <PageHeading>{t('dashboard.title')}</PageHeading>
        <ErrorAlert error={dashboard.error} />
        {dashboard.isPending && <p role="status">{t('common.loading')}</p>}
      </>
    );
  }
  const actions = (
    <>
      <DashboardExportButton dashboard={d} />
      <button type="button" className="button" onClick={() => window.print()}>
        {t('dashboard.print')}
      </button>
    </>
  );
  return (
    <div className="results">
      <p className="muted no-print">
        <Link to={`/campaigns/${d.campaign.id}`}>{t('dashboard.back')}</Link>
      </p>
      <PageHeading actions={actions}>{t('dashboard.heading', { name: d.campaign.name })}</PageHeading>
      <p className="muted results-live" aria-live="off" data-generated-at={d.generated_at}>
        {t('dashboard.updated', { time: formatDateTime(d.generated_at) })}
      </p>
      <ErrorAlert error={dashboard.error} />
      <FunnelSection dashboard={d} />
      <VerdictsSection dashboard={d} />
      <TimelineSection dashboard={d} />
      <QuestionsSection dashboard={d} />
      <BreakdownSection dashboard={d} />
      <ResultsRecipients campaignId={d.campaign.id} departments={d.breakdowns.department.map((g) => g.key)} />
    </div>
  );
}
