/** Every recipient's personal link, as a mail-merge CSV or as JSON, for sending through any mailer. */
import { useState } from 'react';
import { useT } from '@console/hooks/use-t';
import { ErrorAlert } from '@console/components/error-alert';
import { downloadText } from '@console/lib/download';
import { fetchLinksCsv, useLinksLoader } from '../api/recipients';

export function LinksExport({ campaignId, fileName }: { campaignId: string; fileName: string }) {
  const { t } = useT();
  const loadLinks = useLinksLoader(campaignId);
  const [error, setError] = useState<unknown>();

  const run = async (save: () => Promise<void>) => {
    setError(undefined);
    try {
      await save();
    } catch (failure) {
      setError(failure);
    }
  };
  const csv = () =>
    run(async () => downloadText(`${fileName}-links.csv`, await fetchLinksCsv(campaignId), 'text/csv'));
  const json = () =>
    run(async () => {
      const { links } = await loadLinks();
      downloadText(`${fileName}-links.json`, `${JSON.stringify(links, null, 2)}\n`, 'application/json');
    });

  return (
    <div className="links-export">
      <button type="button" className="button" onClick={() => void csv()}>
        {t('recipients.links.csv')}
      </button>
      <button type="button" className="button" onClick={() => void json()}>
        {t('recipients.links.json')}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}
