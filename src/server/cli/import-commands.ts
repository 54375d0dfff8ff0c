/**
 * `hookwise import gophish`: GoPhish's templates, landing pages, groups, sending profiles and campaigns (its
 * API's JSON, one object or an array; a group may be CSV) as draft campaigns and profiles.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { gophishImportSchema, type GophishImportResult } from '@shared/gophish-import';
import { importFromGophish } from '../modules/gophish/gophish.service';
import { withDatabase } from './cli-context';
import { output } from './output';

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
}

/** The file each option names, as its option: the schema's words then name the option too. */
const FILE_OPTIONS = ['template', 'page', 'group', 'smtp', 'campaign'] as const;

interface ImportOptions {
  tenant: string;
  template?: string;
  page?: string;
  group?: string;
  smtp?: string;
  campaign?: string;
  name?: string;
  from?: string;
  baseUrl?: string;
  /** commander's --no-fetch-assets: false when given. */
  fetchAssets?: boolean;
  json?: boolean;
}

async function readInput(options: ImportOptions) {
  const input: Record<string, unknown> = {};
  for (const key of FILE_OPTIONS) {
    const file = options[key];
    if (!file) continue;
    if (key === 'group' && file.toLowerCase().endsWith('.csv'))
      input.group_csv = await readFile(file, 'utf8');
    else input[key] = await readJson(file);
  }
  if (options.name) input.name = options.name;
  if (options.from) input.from = options.from;
  if (options.baseUrl) input.base_url = options.baseUrl;
  if (options.fetchAssets === false) input.fetch_assets = false;
  const parsed = gophishImportSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = String(issue?.path[0] ?? '');
  const file = FILE_OPTIONS.find((key) => key === option);
  const where = file ? `--${file} ${options[file]}` : option || 'import';
  throw new Error(`${where}: ${issue?.message ?? 'invalid'}`);
}

const LIBRARY_WORDS = { template: 'email template', page: 'landing page', group: 'group' } as const;

function printed(result: GophishImportResult): string {
  const { report } = result;
  return [
    ...result.campaigns.map(
      ({ campaign, recipients }) =>
        `Imported draft campaign ${campaign.id} (${campaign.name}) with ${recipients} recipients`,
    ),
    ...result.sending_profiles.map(({ id, name }) => `Imported sending profile ${id} (${name})`),
    ...result.imported_campaigns.map(
      ({ campaign, recipients, timeline }) =>
        `Imported finished campaign ${campaign.id} (${campaign.name}) from GoPhish with ${recipients} recipients: ` +
        `${timeline.sent} sent, ${timeline.opened} opened, ${timeline.clicked} clicked (unverified), ` +
        `${timeline.submitted} submitted, ${timeline.reported} reported`,
    ),
    ...result.library.map(({ kind, id, name, created }) =>
      created
        ? `Added ${LIBRARY_WORDS[kind]} ${id} (${name}) to the library`
        : `Kept the library's ${LIBRARY_WORDS[kind]} ${id} (${name}): one of this name was there already`,
    ),
    ...section('Mapped', report.mapped),
    ...section('Dropped', report.dropped),
    ...section('Needs attention', [...report.notices.map((n) => n.text), ...report.attention]),
  ].join('\n');
}

export function addImportCommands(program: Command): void {
  const command = program.command('import').description('bring campaigns in from other tools');
  command
    .command('gophish')
    .description(
      "import GoPhish's API JSON (templates, landing pages, groups, sending profiles, campaigns with results; " +
        'one object or an array; a group may be CSV) as draft campaigns, sending profiles and finished ' +
        'campaigns, and report what was mapped, ' +
        'dropped or needs attention',
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--template <file>', 'template JSON (GET /api/templates/ or /api/templates/:id)')
    .option('--page <file>', 'landing page JSON (GET /api/pages/ or /api/pages/:id)')
    .option(
      '--group <file>',
      'group JSON (GET /api/groups/ or /api/groups/:id), or a CSV: First Name, Last Name, Email, Position',
    )
    .option(
      '--smtp <file>',
      'sending profile JSON (GET /api/smtp/ or /api/smtp/:id); its password is ignored',
    )
    .option(
      '--campaign <file>',
      'campaign JSON with its results (GET /api/campaigns/, /api/campaigns/:id or /api/campaigns/:id/results): a finished campaign, its clicks unverified',
    )
    .option('--name <name>', "the campaign's name (default: the template's, else the page's)")
    .option('--from <from>', "the email's From (default: the template's envelope sender)")
    .option(
      '--base-url <url>',
      'the address the pages were cloned from: relative links of pages without <base href> are read against it, and their files fetched',
    )
    .option('--no-fetch-assets', "do not fetch cloned pages' stylesheets, images and fonts")
    .option('--json', 'print JSON')
    .action(async (options: ImportOptions) => {
      const input = await readInput(options);
      await withDatabase(async (config, { db }) => {
        const result = await importFromGophish(db, config, options.tenant, input);
        output(options, result, () => printed(result));
      });
    });
}

function section(title: string, items: string[]): string[] {
  return items.length ? [`${title}:`, ...items.map((item) => `  - ${item}`)] : [];
}
