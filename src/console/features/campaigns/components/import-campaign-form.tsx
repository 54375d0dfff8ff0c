/**
 * Imports a campaign file (JSON) as a draft. The server checks it and names each problem with
 * its field and line; that message is shown as is so the operator can fix the file.
 */
import { useId, useRef, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import { Link } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useImportCampaign } from '../api/campaigns';

export function ImportCampaignForm() {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const importing = useImportCampaign();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    importing.mutate(await file.text());
  };

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('campaigns.import.title')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('campaigns.import.file')}</label>
        <input id={id} ref={input} type="file" accept=".json,application/json" required />
      </div>
      <ErrorAlert error={importing.error} />
      {importing.data && (
        <Notice tone={importing.data.warnings?.length ? 'warning' : 'success'}>
          <p>
            <Link to={`/campaigns/${importing.data.id}`}>
              {t('campaigns.import.done', { name: importing.data.name })}
            </Link>
          </p>
          {importing.data.warnings?.length ? (
            <ul>
              {importing.data.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      )}
      <button type="submit" className="button" disabled={importing.isPending}>
        {t('campaigns.import.submit')}
      </button>
    </form>
  );
}
