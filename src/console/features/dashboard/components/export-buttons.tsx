/** CSV exports of what the screen shows: the dashboard's figures, and the recipients the filters match. */
import { useState } from 'react';
import { reasonKinds } from '@shared/click-reasons';
import type { Dashboard, RecipientRow } from '@shared/dashboard';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { errorMessage } from '@console/components/error-alert';
import { downloadText, slug } from '@console/lib/download';
import { REASON_KEYS } from '@console/lib/reason-keys';
import { useResultsT, type ResultsT } from '@console/hooks/use-results-t';
import { useT, type ConsoleT } from '@console/hooks/use-t';
import { fetchAllRecipients, type RecipientFilters } from '../api/dashboard';
import { CLICK_VIA_LABEL } from '../lib/click-via';
import { percent, toCsv, type Cell } from '../lib/csv';

const BREAKDOWN_KEYS = { language: 'breakdown.byLanguage', department: 'breakdown.byDepartment' } as const;

export function dashboardRows(d: Dashboard, t: ResultsT): Cell[][] {
  const rows: Cell[][] = [[t('csv.section'), t('csv.item'), t('common.count'), t('common.rate')]];
  for (const s of d.funnel) rows.push([t('funnel.title'), t(`stage.${s.stage}`), s.count, percent(s.rate)]);
  const recipients = d.funnel[0]?.count ?? 0;
  const share = (count: number) => percent(recipients ? count / recipients : null);
  rows.push([t('funnel.apartCaption'), t('stage.visited'), d.link_opened, share(d.link_opened)]);
  rows.push([
    t('funnel.apartCaption'),
    t('stage.submit_attempted'),
    d.submit_attempted,
    share(d.submit_attempted),
  ]);
  for (const o of d.outside) {
    rows.push([t('outside.title'), `${t(`stage.${o.step}`)}: ${t('outside.notCounted')}`, o.not_counted, '']);
    rows.push([
      t('outside.title'),
      `${t(`stage.${o.step}`)}: ${t('outside.skipped')}`,
      o.skipped_earlier,
      '',
    ]);
  }
  for (const [label, count] of [
    [t('stage.clickedViaLink'), d.clicked_via.link],
    [t('stage.clickedViaQr'), d.clicked_via.qr],
    [t('stage.submitted'), d.entered_data],
  ] as const)
    rows.push([t('funnel.title'), label, count, share(count)]);
  for (const [v, n] of Object.entries(d.verdicts.counts) as [keyof typeof d.verdicts.counts, number][])
    rows.push([t('verdicts.title'), t(`verdict.${v}`), n, '']);
  rows.push([t('verdicts.title'), t('verdicts.filtered'), d.verdicts.filtered_visits, '']);
  for (const r of d.verdicts.reasons)
    rows.push([
      t('verdicts.reason'),
      `${t(`verdict.${r.verdict}`)}: ${t(REASON_KEYS[r.reason])}`,
      r.count,
      '',
    ]);
  rows.push([
    t('timeline.title'),
    t('timeline.start'),
    d.timeline.first_sent_at ?? t('timeline.notSent'),
    '',
  ]);
  rows.push([t('timeline.title'), t('timeline.clicks'), d.timeline.clicks, '']);
  rows.push([t('timeline.title'), t('timeline.firstClick'), d.timeline.first_click_at, '']);
  rows.push([t('timeline.title'), t('timeline.medianSeconds'), d.timeline.median_seconds_to_click, '']);
  rows.push([t('timeline.title'), t('timeline.reports'), d.timeline.reports, '']);
  rows.push([t('timeline.title'), t('timeline.firstReport'), d.timeline.first_report_at, '']);
  rows.push([
    t('timeline.title'),
    t('timeline.medianReportSeconds'),
    d.timeline.median_seconds_to_report,
    '',
  ]);
  for (const b of d.timeline.buckets) {
    rows.push([t('timeline.clicks'), b.at, b.clicks, '']);
    rows.push([t('timeline.reports'), b.at, b.reports, '']);
  }
  for (const q of d.questions)
    rows.push([t('questions.title'), q.text, q.answered, percent(q.share_correct)]);
  for (const [name, groups] of Object.entries(d.breakdowns) as [
    keyof typeof d.breakdowns,
    typeof d.breakdowns.language,
  ][])
    for (const g of groups)
      rows.push([
        `${t('breakdown.title')}: ${t(BREAKDOWN_KEYS[name])}`,
        groupName(name, g.key, t),
        g.recipients,
        percent(g.recipients ? g.clicked / g.recipients : null),
      ]);
  rows.push([t('score.title'), t('score.average'), d.score.average, '']);
  rows.push([
    t('score.title'),
    t('score.passRate', { mark: d.score.pass_mark }),
    d.score.passed,
    percent(d.score.pass_rate),
  ]);
  for (const b of d.score.badges) rows.push([t('score.title'), b.name, b.earned, '']);
  return rows;
}

/** A breakdown group's name: a language by its name, a department as given, none in words. */
function groupName(breakdown: keyof Dashboard['breakdowns'], key: string | null, t: ResultsT): string {
  if (key === null) return t('breakdown.none');
  return breakdown === 'language' && key in LANGUAGES ? LANGUAGES[key as LanguageCode].name : key;
}

/** The recipients CSV: translated headers and values; only the language stays a code. */
export function recipientRows(items: readonly RecipientRow[], t: ResultsT, tc: ConsoleT): Cell[][] {
  return [
    [
      t('csv.email'),
      t('csv.firstName'),
      t('breakdown.department'),
      t('csv.languageCode'),
      t('recipients.col.status'),
      t('recipients.col.verdict'),
      t('recipients.reasons'),
      t('recipients.via'),
      t('recipients.col.score'),
      t('csv.sentAt'),
    ],
    ...items.map((r) => [
      r.email,
      r.first_name,
      r.department,
      r.language_code,
      tc(`recipientStatus.${r.status}`),
      t(`verdict.${r.verdict ?? 'not_visited'}`),
      reasonKinds(r.verdict_reasons)
        .map((kind) => t(REASON_KEYS[kind]))
        .join('; '),
      r.click_via ? t(CLICK_VIA_LABEL[r.click_via]) : '',
      r.score,
      r.sent_at,
    ]),
  ];
}

export function DashboardExportButton({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  return (
    <button
      type="button"
      className="button"
      onClick={() =>
        downloadText(
          `${slug(dashboard.campaign.name)}-results.csv`,
          toCsv(dashboardRows(dashboard, t)),
          'text/csv',
        )
      }
    >
      {t('export.summary')}
    </button>
  );
}

export function RecipientsExportButton({
  campaignId,
  filters,
}: {
  campaignId: string;
  filters: RecipientFilters;
}) {
  const { t } = useResultsT();
  const { t: tc } = useT();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const items = await fetchAllRecipients(campaignId, filters);
      downloadText(`recipients-${campaignId}.csv`, toCsv(recipientRows(items, t, tc)), 'text/csv');
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void run()}>
        {t('export.recipients')}
      </button>
      {error && (
        <span role="alert" className="inline-error">
          {error}
        </span>
      )}
    </>
  );
}
