/**
 * `hookwise people history|set|risky|lists|filters …`: a person's history and risk score, their
 * time zone, department and language, the people
 * in a risk band, the lists (repeat offenders, never reported, top reporters) and saved filters
 * (smart groups). The same services as /api/admin/people/…; options are checked with the same
 * shared schemas as the API's query strings and bodies.
 */
import type { Command } from 'commander';
import {
  PEOPLE_LISTS,
  peopleListQuerySchema,
  riskyQuerySchema,
  savedFilterInputSchema,
  type PersonFilter,
} from '@shared/person-history';
import { personChangeSchema, type Person } from '@shared/people';
import type { Risk } from '@shared/people-risk';
import {
  createSavedFilter,
  removeSavedFilter,
  savedFilterByIdOrName,
  savedFilters,
} from '../modules/people/people-filters.service';
import { peopleList, personHistory, riskyPeople } from '../modules/people/person-history.service';
import { changePerson } from '../modules/people/people.service';
import { isNotFound } from '../lib/errors';
import { requireTenant } from '../modules/tenants/tenants.service';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';

const nameOf = (p: Person) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || p.display_name || p.email || p.person_id || '';
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function riskLines(risk: Risk): string[] {
  return [
    `Risk: ${risk.score} of 100 (${risk.band}), from ${risk.baseline} and ${risk.counted} simulations in the last 12 months`,
    ...risk.factors.map((f) => `  ${f.factor}: ${f.count} (${f.points > 0 ? '+' : ''}${f.points} points)`),
  ];
}

function filterText(filter: PersonFilter): string {
  const parts = [
    filter.department !== undefined ? `department ${filter.department}` : '',
    filter.language_code !== undefined ? `language ${filter.language_code}` : '',
    filter.risk_band !== undefined ? `risk ${filter.risk_band}` : '',
    filter.clicked_within_days !== undefined ? `clicked in the last ${filter.clicked_within_days} days` : '',
    filter.never_reported ? 'never reported' : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'every active person';
}

const OPTION_OF: Record<string, string> = {
  time_zone: '--time-zone',
  department: '--department',
  language_code: '--language',
};

/** An option's value, `none` clearing it. */
const orNone = (value: string | undefined) => (value === 'none' ? null : value);

const optionalNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

export function addPersonCommands(people: Command): void {
  people
    .command('history <tenantId> <person>')
    .description("a person's simulations (by email or id), what they did, and their risk score")
    .option('--json', 'print JSON')
    .action((tenantId: string, key: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, tenantId);
        const history = await personHistory(db, tenantId, key).catch(() => {
          throw new Error(`No person ${key} in tenant ${tenantId}`);
        });
        output(options, history, () => {
          const rows = history.simulations.map((s) => ({
            sent: day(s.sent_at),
            campaign: s.campaign_name,
            language: s.language_code,
            clicked: yesNo(s.clicked),
            submitted: yesNo(s.submitted),
            reported: yesNo(s.reported),
            training: yesNo(s.training_completed),
            score: s.questionnaire_score ?? '',
          }));
          return [
            `${nameOf(history.person)} <${history.person.email ?? ''}>`,
            ...riskLines(history.risk),
            '',
            formatTable(rows),
            `${rows.length} simulations`,
          ].join('\n');
        });
      }),
    );

  people
    .command('set <tenantId> <person>')
    .description(
      "change a person's time zone, department or language (by email or id; `none` clears one); people from the directory are changed there",
    )
    .option('--time-zone <zone>', 'IANA time zone automations send in, e.g. Europe/Berlin')
    .option('--department <name>', 'their department')
    .option('--language <code>', 'the language they read (en, de, …)')
    .option('--json', 'print JSON')
    .action(
      (
        tenantId: string,
        key: string,
        options: { timeZone?: string; department?: string; language?: string; json?: boolean },
      ) =>
        withDatabase(async (_config, { db }) => {
          await requireTenant(db, tenantId);
          const parsed = personChangeSchema.safeParse({
            time_zone: orNone(options.timeZone),
            department: orNone(options.department),
            language_code: orNone(options.language),
          });
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const option = OPTION_OF[String(issue?.path[0])];
            throw new Error(`${option ? `${option}: ` : ''}${issue?.message ?? 'not valid'}`);
          }
          const person = await changePerson(db, tenantId, key, parsed.data).catch((error: unknown) => {
            throw isNotFound(error) ? new Error(`No person ${key} in tenant ${tenantId}`) : error;
          });
          output(options, person, () =>
            [
              `${nameOf(person)} <${person.email ?? ''}>`,
              `  time zone: ${person.time_zone ?? "none (the automation's)"}`,
              `  department: ${person.department ?? 'none'}`,
              `  language: ${person.language_code ?? 'none'}`,
            ].join('\n'),
          );
        }),
    );

  people
    .command('risky <tenantId>')
    .description('the active people in a risk band, highest score first')
    .option('--band <band>', 'low, medium or high (default high)')
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { band?: string; limit?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, tenantId);
        const query = riskyQuerySchema.parse({ band: options.band, limit: options.limit });
        const page = await riskyPeople(db, tenantId, query);
        output(options, page, () => {
          const rows = page.items.map(({ person, risk }) => ({
            email: person.email,
            name: nameOf(person),
            department: person.department,
            score: risk.score,
            band: risk.band,
          }));
          return `${formatTable(rows)}\n${rows.length} of ${page.total} people at ${page.band} risk`;
        });
      }),
    );

  people
    .command('lists <list> <tenantId>')
    .description(`a list of people with their figures: ${PEOPLE_LISTS.join(', ')}`)
    .option('--clicks <n>', 'repeat offenders: at least this many clicks (default 2)')
    .option('--months <n>', 'simulations sent in the last n months (default 12)')
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--json', 'print JSON')
    .action(
      (
        list: string,
        tenantId: string,
        options: { clicks?: string; months?: string; limit?: string; json?: boolean },
      ) =>
        withDatabase(async (_config, { db }) => {
          const name = PEOPLE_LISTS.find((l) => l === list);
          if (!name) throw new Error(`The list is one of ${PEOPLE_LISTS.join(', ')}`);
          await requireTenant(db, tenantId);
          const query = peopleListQuerySchema.parse({
            clicks: options.clicks,
            months: options.months,
            limit: options.limit,
          });
          const page = await peopleList(db, tenantId, name, query);
          output(options, page, () => {
            const rows = page.items.map((i) => ({
              email: i.person.email,
              name: nameOf(i.person),
              simulations: i.simulations,
              clicks: i.clicks,
              submissions: i.submissions,
              reports: i.reports,
              last_click: day(i.last_clicked_at),
              last_report: day(i.last_reported_at),
            }));
            return `${formatTable(rows)}\n${rows.length} of ${page.total} people, last ${page.months} months`;
          });
        }),
    );

  const filters = people.command('filters').description('saved filters of people (smart groups)');
  filters
    .command('list <tenantId>')
    .description('the saved filters and what each chooses')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, tenantId);
        const saved = await savedFilters(db, tenantId);
        output(options, { filters: saved }, () =>
          formatTable(saved.map((f) => ({ id: f.id, name: f.name, chooses: filterText(f.filter) }))),
        );
      }),
    );
  filters
    .command('add <tenantId> <name>')
    .description('save a filter: every condition given must hold')
    .option('--department <name>', 'people of this department')
    .option('--language <code>', 'people who read this language (en, de, …)')
    .option('--band <band>', 'people at this risk: low, medium or high')
    .option('--clicked-within-days <n>', 'people who clicked a simulation in the last n days')
    .option('--never-reported', 'people who never reported a simulation')
    .option('--json', 'print JSON')
    .action(
      (
        tenantId: string,
        name: string,
        options: {
          department?: string;
          language?: string;
          band?: string;
          clickedWithinDays?: string;
          neverReported?: boolean;
          json?: boolean;
        },
      ) =>
        withDatabase(async (_config, { db }) => {
          await requireTenant(db, tenantId);
          const input = savedFilterInputSchema.parse({
            name,
            filter: {
              department: options.department,
              language_code: options.language,
              risk_band: options.band,
              clicked_within_days: optionalNumber(options.clickedWithinDays),
              never_reported: options.neverReported,
            },
          });
          const saved = await createSavedFilter(db, tenantId, input);
          output(
            options,
            saved,
            () => `Saved filter ${saved.id} (${saved.name}): ${filterText(saved.filter)}`,
          );
        }),
    );
  filters
    .command('remove <tenantId> <filter>')
    .description('remove a saved filter, by id or name')
    .action((tenantId: string, key: string) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, tenantId);
        const saved = await savedFilterByIdOrName(db, tenantId, key);
        await removeSavedFilter(db, tenantId, saved.id);
        output({}, null, () => `Removed saved filter ${saved.name}`);
      }),
    );
}
