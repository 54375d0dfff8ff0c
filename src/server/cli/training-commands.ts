/**
 * `hookwise training policy|assign|list`: the tenant's training policy, assigning a simulation's
 * training to a person, and the training assigned with where each stands. The same services as
 * /api/admin/training/…; options are checked with the same shared schemas as the API's bodies.
 */
import type { Command } from 'commander';
import {
  TRAINING_STATUSES,
  trainingAssignInputSchema,
  trainingListQuerySchema,
  trainingPolicyInputSchema,
  type TrainingAssignment,
  type TrainingPolicy,
} from '@shared/training';
import { requireTenant } from '../modules/tenants/tenants.service';
import {
  assignTraining,
  saveTrainingPolicy,
  trainingAssignments,
  trainingPolicy,
} from '../modules/training/training.service';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');

function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (result.success) return result.data;
  const words = result.error.issues.map(
    (i) => `--${i.path.map(String).join('.').replace(/_/g, '-')}: ${i.message}`,
  );
  throw new Error(words.join('; '));
}

function yesOrNo(value: string | undefined, option: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (/^(yes|on|true)$/i.test(value)) return true;
  if (/^(no|off|false)$/i.test(value)) return false;
  throw new Error(`--${option}: yes or no, not ${value}`);
}

function policyLines(policy: TrainingPolicy): string {
  return [
    `Training for people who click: ${yesNo(policy.on_click)}`,
    `Training for people who submit the form: ${yesNo(policy.on_submit)}`,
    `Reminder after: ${policy.reminder_days} days (once)`,
    `Thanks to people who report: ${yesNo(policy.praise_reporters)}`,
    policy.active_since ? `Automatic since: ${policy.active_since}` : 'Automatic training is off.',
    '',
  ].join('\n');
}

const row = (a: TrainingAssignment) => ({
  person: a.person.email ?? a.person.display_name ?? a.person.id,
  simulation: a.campaign_name,
  reason: a.reason,
  status: a.status,
  assigned: day(a.assigned_at),
  invited: day(a.invited_at),
  reminded: day(a.reminded_at),
  completed: day(a.completed_at),
  score: a.score ?? '-',
});

interface PolicyOptions {
  tenant: string;
  onClick?: string;
  onSubmit?: string;
  reminderDays?: string;
  praiseReporters?: string;
  json?: boolean;
}

export function addTrainingCommands(program: Command): void {
  const training = program
    .command('training')
    .description('training for people who clicked or submitted in a simulation (docs/training.md)');

  training
    .command('policy')
    .description("show the tenant's training policy, or change it with the options given")
    .requiredOption('--tenant <id>', 'the tenant')
    .option(
      '--on-click <yes|no>',
      "assign training to people who clicked (a person's click, never a scanner's)",
    )
    .option('--on-submit <yes|no>', 'assign training to people who submitted the form')
    .option('--reminder-days <n>', 'days before the one reminder (1-90)')
    .option('--praise-reporters <yes|no>', 'thank people who reported a simulation')
    .option('--json', 'print JSON')
    .action((options: PolicyOptions) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, options.tenant);
        const current = await trainingPolicy(db, options.tenant);
        const changes = {
          on_click: yesOrNo(options.onClick, 'on-click'),
          on_submit: yesOrNo(options.onSubmit, 'on-submit'),
          reminder_days: options.reminderDays === undefined ? undefined : Number(options.reminderDays),
          praise_reporters: yesOrNo(options.praiseReporters, 'praise-reporters'),
        };
        const changing = Object.values(changes).some((v) => v !== undefined);
        const policy = changing
          ? await saveTrainingPolicy(
              db,
              options.tenant,
              parsed(
                trainingPolicyInputSchema.safeParse({
                  on_click: changes.on_click ?? current.on_click,
                  on_submit: changes.on_submit ?? current.on_submit,
                  reminder_days: changes.reminder_days ?? current.reminder_days,
                  praise_reporters: changes.praise_reporters ?? current.praise_reporters,
                }),
              ),
            )
          : current;
        output(options, policy, () => policyLines(policy));
      }),
    );

  training
    .command('assign')
    .description("assign a simulation's training to a person: they are sent an invitation with their link")
    .requiredOption('--tenant <id>', 'the tenant')
    .requiredOption('--person <id or email>', 'the person')
    .requiredOption('--campaign <id>', 'the simulation whose training they get')
    .option('--json', 'print JSON')
    .action((options: { tenant: string; person: string; campaign: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, options.tenant);
        const input = parsed(
          trainingAssignInputSchema.safeParse({ person: options.person, campaign_id: options.campaign }),
        );
        const answer = await assignTraining(db, options.tenant, input).catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Not found')
            throw new Error(
              `No person ${options.person} or campaign ${options.campaign} in tenant ${options.tenant}`,
            );
          throw error;
        });
        output(options, answer, () =>
          answer.created
            ? `Assigned: ${row(answer.assignment).person} gets the training of ${answer.assignment.campaign_name}; the invitation goes out with the next pass of the sending worker.\n`
            : `Already assigned: ${row(answer.assignment).person} (${answer.assignment.status}); nothing new sent.\n`,
        );
      }),
    );

  training
    .command('list')
    .description('the training assigned, newest first, with where each stands')
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--status <status>', `only ${TRAINING_STATUSES.join(', ')}`)
    .option('--person <id or email>', "only this person's")
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--json', 'print JSON')
    .action((options: { tenant: string; status?: string; person?: string; limit?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, options.tenant);
        const query = parsed(
          trainingListQuerySchema.safeParse({
            status: options.status,
            person: options.person,
            limit: options.limit,
          }),
        );
        const list = await trainingAssignments(db, options.tenant, query);
        output(options, list, () =>
          list.items.length === 0
            ? 'No training assigned.\n'
            : `${formatTable(list.items.map(row))}${list.items.length} of ${list.total}\n`,
        );
      }),
    );
}
