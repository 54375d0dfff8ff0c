/**
 * What the import made: its draft campaigns, each with a link, its finished imported campaigns
 * (their clicks unverified), its sending profiles, and the templates, landing pages and groups
 * it added to the library (one already there by name is said in the report, under attention).
 */
import { Link } from 'react-router';
import { Notice } from '@console/components/notice';
import { useT } from '@console/hooks/use-t';
import type { GophishImportResult } from '@shared/gophish-import';

export function ImportResultView({ result }: { result: GophishImportResult }) {
  const { t } = useT();
  const { campaigns, sending_profiles: profiles, imported_campaigns: imported } = result;
  const added = result.library.filter((item) => item.created);
  const only = campaigns.length === 1 ? campaigns[0] : undefined;
  return (
    <>
      {only && (
        <>
          <Notice tone="success">
            {t('gophish.done', { name: only.campaign.name, recipients: only.recipients })}
          </Notice>
          <p>
            <Link to={`/campaigns/${encodeURIComponent(only.campaign.id)}`}>{t('gophish.open')}</Link>
          </p>
        </>
      )}
      {campaigns.length > 1 && (
        <>
          <Notice tone="success">{t('gophish.doneMany', { count: campaigns.length })}</Notice>
          <ul className="gophish-made">
            {campaigns.map(({ campaign, recipients }) => (
              <li key={campaign.id}>
                <Link to={`/campaigns/${encodeURIComponent(campaign.id)}`}>
                  {t('gophish.openNamed', { name: campaign.name, recipients })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {imported.length > 0 && (
        <ul className="gophish-made">
          {imported.map(({ campaign, recipients }) => (
            <li key={campaign.id}>
              {t('gophish.importedDone', { name: campaign.name, recipients })}{' '}
              <Link to={`/campaigns/${encodeURIComponent(campaign.id)}`}>
                {t('gophish.openImported', { name: campaign.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {profiles.length > 0 && (
        <ul className="gophish-made">
          {profiles.map((profile) => (
            <li key={profile.id}>
              {t('gophish.profileDone', { name: profile.name })}{' '}
              <Link to="/sending-profiles">{t('gophish.profilesLink')}</Link>
            </li>
          ))}
        </ul>
      )}
      {added.length > 0 && (
        <ul className="gophish-made">
          {added.map((item) => (
            <li key={`${item.kind}-${item.id}`}>{t(LIBRARY_DONE[item.kind], { name: item.name })}</li>
          ))}
        </ul>
      )}
    </>
  );
}

const LIBRARY_DONE = {
  template: 'gophish.libraryTemplate',
  page: 'gophish.libraryPage',
  group: 'gophish.libraryGroup',
} as const;
