/**
 * `hookwise scenarios …`: the scenario library (and a tenant's own copies) listed in a language,
 * one scenario shown, and a draft campaign started from one. The same services as the REST API.
 */
import type { Command } from 'commander';
import { scenarioListQuerySchema, type ScenarioDetail } from '@shared/scenario-api';
import { isLanguageCode } from '@shared/languages';
import { requireScenario, scenarioList, startCampaign } from '../modules/scenarios/scenarios.service';
import { requireTenant } from '../modules/tenants/tenants.service';
import { isNotFound } from '../lib/errors';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';

const words = (code: string) => code.replace(/_/g, ' ');
const level = (difficulty: number) => `${difficulty} of 5`;

function queryOf(options: { language?: string; difficulty?: string; lure?: string }) {
  const parsed = scenarioListQuerySchema.safeParse(options);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'option');
    throw new Error(`--${field} is not valid: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data;
}

function describe(scenario: ScenarioDetail, language: string): string {
  const texts = (isLanguageCode(language) ? scenario.texts[language] : undefined) ?? scenario.texts.en!;
  const email = scenario.campaign.email;
  return [
    `${texts.title} (${scenario.id})`,
    `Lure: ${words(scenario.lure)} · Difficulty: ${level(scenario.difficulty)}${scenario.reply_based ? ' · asks for a reply, no link' : ''}`,
    `From: ${scenario.source === 'library' ? 'the library' : `your copy${scenario.copied_from ? ` of ${scenario.copied_from}` : ''}`}`,
    '',
    texts.summary,
    '',
    `Why this level: ${texts.level_reason}`,
    `Languages: ${scenario.languages.join(', ')}`,
    ...(email ? ['', `E-mail from: ${email.from}`, `Subject: ${email.subject}`] : []),
    '',
  ].join('\n');
}

export function addScenarioCommands(program: Command): void {
  const scenarios = program
    .command('scenarios')
    .description('the scenario library: complete simulations to start a campaign from');

  scenarios
    .command('list')
    .description('list the library (and a tenant’s own copies with --tenant): title, lure, difficulty')
    .option('--tenant <id>', "also this tenant's own copies")
    .option('--language <code>', 'titles in this language (default en; English where missing)')
    .option('--difficulty <n>', 'only this level, 1 (easy to spot) to 5 (hard)')
    .option('--lure <lure>', 'only this lure, e.g. shared_document')
    .option('--json', 'print JSON')
    .action(
      (options: { tenant?: string; language?: string; difficulty?: string; lure?: string; json?: boolean }) =>
        withDatabase(async (config, { db }) => {
          if (options.tenant) await requireTenant(db, options.tenant);
          const query = queryOf(options);
          const list = await scenarioList(
            db,
            { tenantId: options.tenant, root: config.scenarioLibraryRoot },
            query,
          );
          output(options, { scenarios: list }, () => {
            const rows = list.map((s) => ({
              id: s.id,
              title: s.texts.title,
              lure: words(s.lure),
              difficulty: level(s.difficulty),
              source: s.source === 'library' ? 'library' : 'your copy',
              languages: s.languages.length,
            }));
            return `${formatTable(rows, undefined, { keep: ['id'] })}\nScenarios listed: ${list.length}. Start one: hookwise scenarios use <id> --tenant <tenant id>\n`;
          });
        }),
    );

  scenarios
    .command('show <id>')
    .description('show one scenario: its texts, level and e-mail (--json: the whole campaign file)')
    .option('--tenant <id>', "look among this tenant's own copies too")
    .option('--language <code>', 'texts in this language (default en)', 'en')
    .option('--json', 'print JSON')
    .action((id: string, options: { tenant?: string; language: string; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const scenario = await requireScenario(
          db,
          { tenantId: options.tenant, root: config.scenarioLibraryRoot },
          id,
        ).catch((error: unknown) => {
          throw isNotFound(error) ? new Error(`Unknown scenario ${id}`) : error;
        });
        output(options, scenario, () => describe(scenario, options.language));
      }),
    );

  scenarios
    .command('use <id>')
    .description('start a campaign from a scenario: a draft with its content in all its languages')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--name <name>', "the campaign's name (default: the scenario's title)")
    .option('--json', 'print JSON')
    .action((id: string, options: { tenant: string; name?: string; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        await requireTenant(db, options.tenant);
        const name = options.name?.trim() || undefined;
        const made = await startCampaign(
          db,
          { tenantId: options.tenant, root: config.scenarioLibraryRoot },
          id,
          { name },
        ).catch((error: unknown) => {
          throw isNotFound(error) ? new Error(`Unknown scenario ${id}`) : error;
        });
        output(options, made, () =>
          [
            `Started the draft campaign "${made.name}": ${made.campaign_id}`,
            `Next: add its recipients (hookwise recipients import people.csv --campaign ${made.campaign_id}),`,
            'then check its texts in the console and launch it there.',
            '',
          ].join('\n'),
        );
      }),
    );
}
