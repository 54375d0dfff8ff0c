/** `hookwise campaign …`: import a campaign file, list, export, set dates, end, import a site. */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import { campaignDatesSchema, type CampaignDetail, type CampaignSummary } from '@shared/admin-api';
import {
  campaignSummaries,
  endCampaign,
  exportCampaign,
  importCampaign,
  scheduleWarnings,
  setCampaignDates,
  summaryOf,
} from '../modules/campaigns/campaigns.service';
import { parseCampaignFileText } from '../modules/campaigns/campaign-file';
import { importSite } from '../modules/page-assets/page-assets.service';
import { campaignById, withDatabase } from './cli-context';
import { formatTable, output, warn, writeJson } from './output';

const summaryColumns = ['id', 'name', 'language_code', 'recipients', 'starts_at', 'ends_at', 'ended_at'];
const showSummary = (summary: CampaignSummary) => formatTable([summary], summaryColumns);

export function addCampaignCommands(program: Command): void {
  const campaign = program.command('campaign').description('campaigns: import, list, export, dates, end');

  campaign
    .command('import <file>')
    .description('import a campaign file (JSON); errors name the field and its line')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(async (file: string, options: { tenant: string; json?: boolean }) => {
      const content = parseCampaignFileText(await readFile(file, 'utf8'));
      await withDatabase(async (_config, { db }) => {
        const summary = await importCampaign(db, options.tenant, content);
        output(options, summary, () => `Imported campaign ${summary.id}\n${showSummary(summary)}`);
        summary.warnings.forEach(warn);
      });
    });

  campaign
    .command('list')
    .description('list campaigns')
    .option('--tenant <id>', 'only this tenant')
    .option('--json', 'print JSON')
    .action((options: { tenant?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const campaigns = await campaignSummaries(db, options.tenant);
        output(options, campaigns, () => formatTable(campaigns, ['tenant_id', ...summaryColumns]));
      }),
    );

  campaign
    .command('export <campaignId>')
    .description('print the campaign file (JSON, re-importable)')
    .option('--json', 'print {campaign, file} instead of the file alone')
    .action((id: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const found = await campaignById(db, id);
        const file = exportCampaign(found);
        if (!options.json) return writeJson(file);
        const detail: CampaignDetail = { campaign: await summaryOf(db, undefined, id), file };
        writeJson(detail);
      }),
    );

  campaign
    .command('set-dates <campaignId>')
    .description(`set or clear the start and end dates (${DATE_FORMATS})`)
    .option('--starts <when>', 'start: now, 2026-12-01 or 2026-12-01T08:00:00Z; none clears')
    .option('--ends <when>', 'end: now, 2026-12-15 or 2026-12-15T18:00:00Z; none clears')
    .option('--json', 'print JSON')
    .action((id: string, options: { starts?: string; ends?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const dates = campaignDatesSchema.safeParse({
          starts_at: dateOption('--starts', options.starts),
          ends_at: dateOption('--ends', options.ends),
        });
        if (!dates.success)
          throw new Error(`Invalid dates: ${z.prettifyError(dates.error).split('\n').join(' ')}`);
        const summary = await setCampaignDates(db, await campaignById(db, id), dates.data);
        output(options, summary, () => showSummary(summary));
        scheduleWarnings(summary).forEach(warn);
      }),
    );

  campaign
    .command('end <campaignId>')
    .description('end a campaign now: its links then show the campaign-error page')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const summary = await endCampaign(db, await campaignById(db, id));
        output(options, summary, () => `Ended campaign ${id}\n${showSummary(summary)}`);
      }),
    );

  campaign
    .command('import-site <campaignId> <url>')
    .description(
      "import a site: the page at the URL and its stylesheets, images and fonts become the campaign's landing page, served from Hookwise",
    )
    .option('--json', 'print JSON')
    .action((id: string, url: string, options: { json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const found = await campaignById(db, id);
        const result = await importSite(db, config, found.tenant_id, found.id, url);
        const { stored, attention } = result.report;
        output(options, result, () =>
          [
            `Imported ${url} as the landing page of campaign ${id}`,
            `Stored with the campaign: ${stored.length} stylesheets, images and fonts`,
            ...(attention.length > 0 ? ['Not brought home (the page loads them from nowhere):'] : []),
            ...attention.map((a) => `  ${a.text}`),
          ].join('\n'),
        );
      }),
    );
}

const DATE_FORMATS = 'now, a UTC date 2026-12-01 (start of that day), an ISO 8601 date-time, or none';

/**
 * A --starts/--ends value as the API takes it: `now`, a date alone (the start of that day,
 * UTC), a date-time with Z or an offset, or `none` (null: clears it). Anything else names the
 * formats it would take.
 */
/** Date.parse rolls 2026-02-30 over into March: a day that does not exist is a typo. */
function isCalendarDay(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
}

export function dateOption(
  option: string,
  value: string | undefined,
  now = new Date(),
): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'none') return null;
  if (text === 'now') return now.toISOString();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const dateTime = /^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:\d{2})$/.test(text);
  const time = dateOnly ? Date.parse(`${text}T00:00:00Z`) : dateTime ? Date.parse(value.trim()) : NaN;
  if (Number.isNaN(time) || !isCalendarDay(text.slice(0, 10)))
    throw new Error(`Invalid ${option}: "${value}" (use ${DATE_FORMATS})`);
  return new Date(time).toISOString();
}
