/**
 * Adds recipients from a CSV, chosen as a file or pasted. Re-uploading a fixed file is safe:
 * the server skips people already in the campaign and reports them per line.
 */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import { ErrorAlert } from '@console/components/error-alert';
import { useImportRecipients } from '../api/recipients';
import { ImportReport } from './import-report';

/** Every column the importer reads (src/server/modules/recipients/recipients-csv.ts), in its names. */
const COLUMNS = ['email', 'person_id', 'first_name', 'last_name', 'language', 'department', 'sent_at'];
/** Where the column names go in the translated sentence (shown as code, as they are typed). */
const COLUMNS_SLOT = '\uE000';
const PERSON_SLOT = '\uE001';

export function RecipientsUpload({ campaignId }: { campaignId: string }) {
  const { t } = useT();
  const upload = useImportRecipients(campaignId);
  const [file, setFile] = useState<File>();
  const [pasted, setPasted] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const csv = file ? await file.text() : pasted;
    if (csv.trim()) upload.mutate(csv);
  };

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-labelledby="recipients-upload-title">
      <h2 id="recipients-upload-title">{t('recipients.upload.title')}</h2>
      <p className="field__hint">
        {t('recipients.upload.columns', { columns: COLUMNS_SLOT, person: PERSON_SLOT })
          .split(/(\uE000|\uE001)/)
          .map((part, i) =>
            part === COLUMNS_SLOT ? (
              <span key={i}>
                {COLUMNS.map((c, j) => (
                  <span key={c}>
                    {j > 0 && ', '}
                    <code>{c}</code>
                  </span>
                ))}
              </span>
            ) : part === PERSON_SLOT ? (
              <code key={i}>person_id</code>
            ) : (
              part
            ),
          )}
      </p>
      <p className="field__hint">{t('recipients.upload.language')}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="recipients-file">{t('recipients.upload.file')}</label>
          <input
            id="recipients-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
        </div>
        <div className="field">
          <label htmlFor="recipients-paste">{t('recipients.upload.paste')}</label>
          <textarea
            id="recipients-paste"
            rows={4}
            value={pasted}
            disabled={Boolean(file)}
            placeholder="email,first_name,last_name,language,department"
            onChange={(e) => setPasted(e.target.value)}
          />
        </div>
      </div>
      <ErrorAlert error={upload.error} />
      {upload.data && <ImportReport report={upload.data} />}
      <button
        type="submit"
        className="button button--primary"
        disabled={upload.isPending || (!file && !pasted.trim())}
      >
        {upload.isPending ? t('recipients.upload.pending') : t('recipients.upload.submit')}
      </button>
    </form>
  );
}
