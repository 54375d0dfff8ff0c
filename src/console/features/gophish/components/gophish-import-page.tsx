/**
 * /import/gophish: GoPhish's templates, landing pages, groups, sending profiles and campaigns with
 * their results (its API's JSON, one or a list; the group may be CSV) become draft campaigns,
 * sending profiles and finished imported campaigns; the
 * report says what was mapped, dropped or needs attention.
 */
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { PageHeading } from '@console/components/page-heading';
import { hasRole } from '@console/lib/roles';
import { useT } from '@console/hooks/use-t';
import { useSession } from '@console/features/accounts/api/session';
import { useGophishImport, type GophishImportBody } from '../api/gophish';
import { ImportReportView } from './import-report';
import { ImportResultView } from './import-result';
import { hasSomethingToImport, readImport, type ImportFiles } from './read-import';
import './gophish-import-page.css';

export function GophishImportPage() {
  const { t } = useT();
  const { user } = useSession();
  const importer = useGophishImport();
  const [files, setFiles] = useState<ImportFiles>({
    template: null,
    page: null,
    group: null,
    smtp: null,
    campaign: null,
  });
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const result = importer.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFileError(null);
    if (!hasSomethingToImport(files)) {
      setFileError(t('gophish.nothingChosen'));
      return;
    }
    let body: GophishImportBody;
    try {
      body = await readImport(files, name);
    } catch (error) {
      setFileError(t('gophish.badJson', { file: error instanceof Error ? error.message : '' }));
      return;
    }
    importer.mutate(body);
  };

  if (!hasRole(user.role, 'operator')) {
    return (
      <>
        <PageHeading>{t('gophish.title')}</PageHeading>
        <p>{t('gophish.viewer')}</p>
      </>
    );
  }
  const fileInput = (key: keyof ImportFiles, accept: string) => (
    <div className="field">
      <label htmlFor={`gophish-${key}`}>{t(`gophish.${key}`)}</label>
      <input
        id={`gophish-${key}`}
        type="file"
        accept={accept}
        onChange={(e) => setFiles((current) => ({ ...current, [key]: e.target.files?.[0] ?? null }))}
      />
    </div>
  );
  return (
    <>
      <PageHeading>{t('gophish.title')}</PageHeading>
      <form className="panel gophish-import" onSubmit={(e) => void submit(e)} aria-labelledby="gophish-form">
        <h2 id="gophish-form">{t('gophish.files')}</h2>
        <p className="muted">{t('gophish.intro')}</p>
        {fileInput('template', '.json,application/json')}
        {fileInput('page', '.json,application/json')}
        {fileInput('group', '.json,.csv,application/json,text/csv')}
        {fileInput('smtp', '.json,application/json')}
        {fileInput('campaign', '.json,application/json')}
        <div className="field">
          <label htmlFor="gophish-name">{t('gophish.name')}</label>
          <input id="gophish-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        {fileError && <Notice tone="error">{fileError}</Notice>}
        <ErrorAlert error={importer.error} />
        <button type="submit" className="button button--primary" disabled={importer.isPending}>
          {t('gophish.submit')}
        </button>
      </form>
      {result && (
        <section className="panel" aria-labelledby="gophish-report">
          <h2 id="gophish-report">{t('gophish.report')}</h2>
          <ImportResultView result={result} />
          <ImportReportView report={result.report} />
        </section>
      )}
    </>
  );
}
