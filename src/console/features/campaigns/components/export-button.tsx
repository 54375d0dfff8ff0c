/** Downloads the campaign file (the JSON an import takes), e.g. to keep it or move it elsewhere. */
import { useState } from 'react';
import { useT } from '@console/hooks/use-t';
import type { CampaignSummary } from '@shared/admin-api';
import { errorMessage } from '@console/components/error-alert';
import { downloadText, slug } from '@console/lib/download';
import { fetchCampaignFile } from '../api/campaigns';

export function ExportButton({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const run = async () => {
    setPending(true);
    setError(undefined);
    try {
      const { file } = await fetchCampaignFile(campaign.id);
      downloadText(`${slug(campaign.name)}.json`, `${JSON.stringify(file, null, 2)}\n`, 'application/json');
    } catch (failure) {
      setError(errorMessage(failure, t('error.generic')));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={pending}
        aria-label={t('campaigns.exportNamed', { name: campaign.name })}
        onClick={() => void run()}
      >
        {t('campaigns.export')}
      </button>
      {error && (
        <span role="alert" className="inline-error">
          {error}
        </span>
      )}
    </>
  );
}
