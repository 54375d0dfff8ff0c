/**
 * Adds URLs to the reviewers' queue by hand (POST /api/admin/reports): one per line, blank lines
 * skipped. A URL reported before is counted again rather than added twice; the answer says how
 * many of each. A refused list is explained at the field, naming the line it stopped at.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useT, type ConsoleT } from '@console/hooks/use-t';
import { formatNumber } from '@console/lib/format';
import { ApiError } from '@shared/api-client';
import { useReportUrls } from '../api/reported-urls';

/** The URLs with the textarea line each came from, for an answer that names one by its index. */
function linesOf(text: string): { url: string; line: number }[] {
  return text
    .split(/\r?\n/)
    .map((url, i) => ({ url: url.trim(), line: i + 1 }))
    .filter((entry) => entry.url !== '');
}

/** The server's refusal, in the operator's language; undefined for failures that are not the list's. */
function refusal(error: unknown, lines: { url: string; line: number }[], t: ConsoleT): string | undefined {
  if (!(error instanceof ApiError) || !error.answered) return undefined;
  if (error.code === 'invalid_url') {
    // The server names the bad URL by its place in the list: "urls.3: not an http(s) URL: …".
    const entry = lines[Number(/^urls\.(\d+):/.exec(error.message)?.[1] ?? -1)];
    if (entry) return t('reports.add.invalidUrl', { line: formatNumber(entry.line), url: entry.url });
  }
  if (error.code === 'invalid_url' || error.code === 'validation_failed') return t('reports.add.refused');
  return undefined;
}

export function ReportUrlsForm() {
  const { t } = useT();
  const id = useId();
  const add = useReportUrls();
  const [text, setText] = useState('');
  const [sent, setSent] = useState<{ url: string; line: number }[]>([]);
  const lines = linesOf(text);
  const problem = refusal(add.error, sent, t);
  const added = add.data?.reported.filter((r) => r.new).length ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) return;
    setSent(lines);
    add.mutate({ urls: lines.map((entry) => entry.url) }, { onSuccess: () => setText('') });
  };

  return (
    <form className="report-urls-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-urls`}>{t('reports.add.urls')}</label>
        <textarea
          id={`${id}-urls`}
          rows={4}
          dir="ltr"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {problem && (
          <p className="inline-error" id={`${id}-error`}>
            {problem}
          </p>
        )}
      </div>
      {!problem && <ErrorAlert error={add.error} />}
      {add.data && (
        <Notice tone="success">
          {t('reports.add.done', {
            added: formatNumber(added),
            again: formatNumber(add.data.reported.length - added),
          })}
        </Notice>
      )}
      <button type="submit" className="button button--primary" disabled={add.isPending || lines.length === 0}>
        {add.isPending ? t('reports.add.pending') : t('reports.add.submit')}
      </button>
    </form>
  );
}
