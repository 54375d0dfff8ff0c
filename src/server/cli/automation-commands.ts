/**
 * `hookwise automation …`: a tenant's automations (recurring simulations) listed, created, shown,
 * paused, resumed and deleted, and a month's plan — the same services as /api/admin/automations.
 */
import type { Command } from 'commander';
import {
  automationInputSchema,
  planQuerySchema,
  type Automation,
  type AutomationPlan,
  type PlanItem,
} from '@shared/automations';
import type { Audience } from '@shared/people';
import {
  automationList,
  automationPlan,
  automationView,
  createAutomation,
  removeAutomation,
  requireAutomation,
  setAutomationState,
} from '../modules/automations/automations.service';
import { requireTenant } from '../modules/tenants/tenants.service';
import { isNotFound } from '../lib/errors';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';

function audienceOf(text: string): Audience {
  if (text === 'all') return { kind: 'all' };
  const [kind, ...rest] = text.split(':');
  const value = rest.join(':').trim();
  if (kind === 'group' && value) return { kind: 'group', group_id: value };
  if (kind === 'department' && value) return { kind: 'department', department: value };
  if (kind === 'filter' && value) return { kind: 'filter', filter_id: value };
  throw new Error('--audience is all, group:<group id>, department:<name> or filter:<smart group id>');
}

const audienceWords = (a: Audience) =>
  a.kind === 'all'
    ? 'every active person'
    : a.kind === 'group'
      ? `group ${a.group_id}`
      : a.kind === 'department'
        ? `department ${a.department}`
        : `smart group ${a.filter_id}`;

function describe(a: Automation): string {
  return [
    `${a.name} (${a.id}): ${a.state}`,
    `Audience: ${audienceWords(a.audience)}`,
    `Working hours: ${a.working_hours.start}–${a.working_hours.end}, Monday to Friday, in each person's time zone (else ${a.time_zone})`,
    `Starting level: ${a.starting_level} of 5 · Sending profile: ${a.profile_id}`,
    '',
  ].join('\n');
}

/** Whether the training a person needs goes out by itself (the tenant's training policy) or not. */
const trainingWords = (training: PlanItem['training']) =>
  training === 'by_policy' ? 'sent by the policy' : training === 'policy_off' ? 'assign it by hand' : '';

export function planText(plan: AutomationPlan): string {
  const rows = plan.items.map((i) => ({
    person: i.person.email ?? i.person.name ?? i.person.id,
    department: i.person.department ?? '',
    local_time: i.local_time ?? '-',
    zone: i.time_zone,
    level: i.level,
    scenario: i.scenario ? `${i.scenario.title} (${i.scenario.difficulty})` : '-',
    state: i.skip_reason ? i.skip_reason.replace(/_/g, ' ') : i.state,
    training: trainingWords(i.training),
    why: i.why,
  }));
  return [
    `Plan for ${plan.month}${plan.provisional ? ' (provisional: not planned yet, levels may still change)' : ''}`,
    `The rule: ${plan.rule}`,
    '',
    formatTable(rows),
    `Messages: ${plan.items.filter((i) => i.planned_at).length} of ${plan.items.length} people.\n`,
  ].join('\n');
}

const unknown = (id: string) => (error: unknown) => {
  throw isNotFound(error) ? new Error(`Unknown automation ${id}`) : error;
};

export function addAutomationCommands(program: Command): void {
  const automation = program
    .command('automation')
    .description('recurring simulations: one a month per person, adapting to each one');

  automation
    .command('list')
    .description("a tenant's automations")
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--json', 'print JSON')
    .action((options: { tenant: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, options.tenant);
        const list = await automationList(db, options.tenant);
        output(options, { automations: list }, () =>
          formatTable(
            list.map((a) => ({
              id: a.id,
              name: a.name,
              state: a.state,
              audience: audienceWords(a.audience),
              hours: `${a.working_hours.start}-${a.working_hours.end}`,
              level: a.starting_level,
            })),
            undefined,
            { keep: ['id'] },
          ),
        );
      }),
    );

  automation
    .command('create')
    .description('create an automation: active at once, the current month is planned on its next round')
    .requiredOption('--tenant <id>', 'the tenant')
    .requiredOption('--name <name>', "the automation's name")
    .requiredOption('--profile <id>', 'the sending profile its messages go out through')
    .option('--audience <who>', 'all, group:<id>, department:<name> or filter:<smart group id>', 'all')
    .option('--level <n>', 'the starting level, 1 (easy to spot) to 5 (hard)', '2')
    .option('--hours <from-to>', 'working hours, Monday to Friday, in each person’s time zone', '09:00-17:00')
    .option('--time-zone <zone>', 'the time zone of people whose own is not known', 'UTC')
    .option('--json', 'print JSON')
    .action(
      (options: {
        tenant: string;
        name: string;
        profile: string;
        audience: string;
        level: string;
        hours: string;
        timeZone: string;
        json?: boolean;
      }) =>
        withDatabase(async (_config, { db }) => {
          await requireTenant(db, options.tenant);
          const [start, end] = options.hours.split('-');
          const parsed = automationInputSchema.safeParse({
            name: options.name,
            audience: audienceOf(options.audience),
            profile_id: options.profile,
            starting_level: Number(options.level),
            working_hours: { start, end },
            time_zone: options.timeZone,
          });
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new Error(`${issue?.path.join('.') || 'option'}: ${issue?.message ?? 'not valid'}`);
          }
          const made = await createAutomation(db, options.tenant, parsed.data).catch((error: unknown) => {
            throw isNotFound(error) ? new Error('Unknown sending profile, group or smart group') : error;
          });
          output(options, made, () => `Created the automation:\n${describe(made)}`);
        }),
    );

  automation
    .command('show <id>')
    .description('show one automation')
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--json', 'print JSON')
    .action((id: string, options: { tenant: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const row = await requireAutomation(db, options.tenant, id).catch(unknown(id));
        const view = automationView(row);
        output(options, view, () => describe(view));
      }),
    );

  automation
    .command('plan <id>')
    .description('who gets which scenario, when, at which level and why, in a month (default: next month)')
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--month <YYYY-MM>', 'the month (UTC)')
    .option('--json', 'print JSON')
    .action((id: string, options: { tenant: string; month?: string; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const query = planQuerySchema.safeParse({ month: options.month });
        if (!query.success) throw new Error(`--month: ${query.error.issues[0]?.message ?? 'not valid'}`);
        const plan = await automationPlan(
          db,
          { tenantId: options.tenant, root: config.scenarioLibraryRoot },
          id,
          query.data.month,
        ).catch(unknown(id));
        output(options, plan, () => planText(plan));
      }),
    );

  for (const [action, state] of [
    ['pause', 'paused'],
    ['resume', 'active'],
  ] as const) {
    automation
      .command(`${action} <id>`)
      .description(
        action === 'pause'
          ? 'pause: nothing more is planned or sent until resumed'
          : 'resume a paused automation',
      )
      .requiredOption('--tenant <id>', 'the tenant')
      .option('--json', 'print JSON')
      .action((id: string, options: { tenant: string; json?: boolean }) =>
        withDatabase(async (_config, { db }) => {
          const changed = await setAutomationState(db, options.tenant, id, state).catch(unknown(id));
          output(options, changed, () => `${changed.name} is ${changed.state}.\n`);
        }),
      );
  }

  automation
    .command('delete <id>')
    .description(
      'delete an automation and what it has not sent; the campaigns it sent stay, with their results',
    )
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--json', 'print JSON')
    .action((id: string, options: { tenant: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const row = await requireAutomation(db, options.tenant, id).catch(unknown(id));
        await removeAutomation(db, options.tenant, row.id);
        output(options, { deleted: row.id }, () => `Deleted ${row.name}; the campaigns it sent stay.\n`);
      }),
    );
}
