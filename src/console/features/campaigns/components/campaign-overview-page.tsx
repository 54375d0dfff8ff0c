/** /campaigns/:id: where a campaign stands, its sending, its language coverage, and what to do next. */
import { useState } from 'react';
import { useResultsT } from '@console/hooks/use-results-t';
import { useT } from '@console/hooks/use-t';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { PageHeading } from '@console/components/page-heading';
import { hasRole } from '@console/lib/roles';
import { useSession } from '@console/features/accounts/api/session';
import { SendingPanel } from '@console/features/sending/components/sending-panel';
import { useCampaign, useCampaignLanguages } from '../api/campaigns';
import { CampaignFacts } from './campaign-facts';
import { EndCampaignButton } from './end-campaign-button';
import { ExportButton } from './export-button';
import { LanguageCoverageTable } from './language-coverage-table';
import { LaunchDialog } from './launch-dialog';
import './campaigns.css';

export function CampaignOverviewPage() {
  const { t } = useT();
  const { t: tr } = useResultsT();
  const { id = '' } = useParams();
  const { user } = useSession();
  const detail = useCampaign(id);
  const languages = useCampaignLanguages(id);
  const [launching, setLaunching] = useState(false);
  const [launched, setLaunched] = useState<{ warnings: string[]; sending: boolean }>();
  const canChange = hasRole(user.role, 'operator');
  const campaign = detail.data?.campaign;

  if (!campaign) {
    return (
      <>
        <PageHeading>{t('overview.title')}</PageHeading>
        <ErrorAlert error={detail.error} />
        {detail.isPending && <p role="status">{t('loading')}</p>}
      </>
    );
  }
  const actions = (
    <>
      {canChange && campaign.status !== 'ended' && (
        <Link className="button" to={`/campaigns/${campaign.id}/edit`}>
          {t('overview.edit')}
        </Link>
      )}
      <Link className="button" to={`/campaigns/${campaign.id}/results`}>
        {tr('dashboard.open')}
      </Link>
      <Link className="button" to={`/campaigns/${campaign.id}/recipients`}>
        {t('overview.recipients')}
      </Link>
      <ExportButton campaign={campaign} />
      {canChange && <EndCampaignButton campaign={campaign} />}
      {canChange && campaign.status === 'draft' && (
        <button type="button" className="button button--primary" onClick={() => setLaunching(true)}>
          {t('overview.launch')}
        </button>
      )}
    </>
  );
  return (
    <>
      <p className="muted">
        <Link to="/campaigns">{t('overview.back')}</Link>
      </p>
      <PageHeading actions={actions}>{campaign.name}</PageHeading>
      {launched && (
        <Notice tone={launched.warnings.length ? 'warning' : 'success'}>
          <p>{t(launched.sending ? 'launch.doneSending' : 'launch.doneLinks')}</p>
          {launched.warnings.length > 0 && (
            <ul>
              {launched.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {campaign.imported_from === 'gophish' && <Notice tone="info">{t('overview.importedGophish')}</Notice>}
      <section className="panel" aria-labelledby="overview-facts">
        <h2 id="overview-facts">{t('overview.facts')}</h2>
        <CampaignFacts campaign={campaign} />
      </section>
      {campaign.status !== 'draft' && <SendingPanel campaign={campaign} canChange={canChange} />}
      <section className="panel" aria-labelledby="overview-languages">
        <h2 id="overview-languages">{t('coverage.title')}</h2>
        <ErrorAlert error={languages.error} />
        {languages.data && <LanguageCoverageTable languages={languages.data.languages} />}
      </section>
      {launching && (
        <LaunchDialog
          campaign={campaign}
          onClose={() => setLaunching(false)}
          onLaunched={(warnings, sending) => {
            setLaunching(false);
            setLaunched({ warnings, sending });
          }}
        />
      )}
    </>
  );
}
