/**
 * Automations (GET/POST /api/admin/automations, `hookwise automation …`, the console's
 * Automations page): a tenant's recurring simulations. Each person of the audience gets one
 * simulation per calendar month, at a random time within working hours (Monday to Friday) in
 * their own time zone, a scenario they never had, at a level the adaptive rule sets from what
 * they did with the last ones. The plan of a month says who gets which scenario, when, at which
 * level, and why.
 */
import { z } from 'zod';
import { timeZoneSchema } from './time-zone';
import { LANGUAGE_CODES } from './languages';
import { audienceSchema } from './people';

export const AUTOMATION_STATES = ['active', 'paused'] as const;
export type AutomationState = (typeof AUTOMATION_STATES)[number];

/** planned: waiting for its time · queued: handed to its campaign's outbox · skipped: see skip_reason. */
export const AUTOMATION_MESSAGE_STATES = ['planned', 'queued', 'skipped'] as const;
export type AutomationMessageState = (typeof AUTOMATION_MESSAGE_STATES)[number];

/**
 * Why a person's level is what it is: their first month (the automation's starting level); they
 * reported the last two simulations (one harder); they clicked the last one (one easier, and
 * training); otherwise the same as last month.
 */
export const LEVEL_REASONS = ['starting_level', 'reported_last_two', 'clicked_last', 'same'] as const;
export type LevelReason = (typeof LEVEL_REASONS)[number];

/**
 * Why a person gets nothing this month: every scenario was already sent to them, the month's
 * working hours are over, or the tenant's copy planned for them was removed before it was sent.
 */
export const SKIP_REASONS = ['no_scenario_left', 'no_working_time_left', 'scenario_removed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The adaptive rule, in words (the API and the CLI show it; the console has it in every language). */
export const ADAPTIVE_RULE =
  "Each person starts at the automation's starting level. Reported the last two simulations: one level " +
  'harder. Clicked the last one: one level easier, and marked as needing training. Otherwise: the same ' +
  'level. Levels stay between 1 and 5; the scenario is one at that level the person never received ' +
  '(the nearest level when none is left), in their language where there is one.';

/**
 * Whether the training a person needs reaches them: the tenant's training policy sends it to
 * people whose click was a person's (`by_policy`: it trains people who click, and the click came
 * since it was turned on), or the policy does not (`policy_off`: it is off, or the click came
 * before; an operator assigns it by hand, `hookwise training assign`). Null when no training is needed.
 */
export const PLAN_TRAINING = ['by_policy', 'policy_off'] as const;
export type PlanTraining = (typeof PLAN_TRAINING)[number];

const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM, e.g. 09:00')
  .describe('local time, HH:MM');

export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM, e.g. 2027-01')
  .describe('a calendar month, YYYY-MM');

export const workingHoursSchema = z
  .object({ start: clock, end: clock })
  .refine((w) => w.start < w.end, { message: 'working hours must end after they start', path: ['end'] });

const fields = {
  name: z.string().trim().min(1).max(120),
  audience: audienceSchema,
  profile_id: z.string().min(1).max(100).describe('the sending profile the messages go out through'),
  starting_level: z.number().int().min(1).max(5).describe('the level every person starts at (1–5)'),
  working_hours: workingHoursSchema.describe(
    "each person's working hours, Monday to Friday, in their time zone",
  ),
  time_zone: timeZoneSchema.describe('the time zone of people whose own is not known'),
};

/** POST /api/admin/automations */
export const automationInputSchema = z.object({
  ...fields,
  starting_level: fields.starting_level.default(2),
  working_hours: fields.working_hours.default({ start: '09:00', end: '17:00' }),
  time_zone: fields.time_zone.default('UTC'),
});
export type AutomationInput = z.infer<typeof automationInputSchema>;

/** PATCH /api/admin/automations/:id: what is given changes, from the next month planned on. */
export const automationUpdateSchema = z.object(fields).partial();
export type AutomationUpdate = z.infer<typeof automationUpdateSchema>;

export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  audience: audienceSchema,
  profile_id: z.string(),
  starting_level: z.number().int(),
  working_hours: z.object({ start: z.string(), end: z.string() }),
  time_zone: z.string(),
  state: z.enum(AUTOMATION_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;

export const automationListSchema = z.object({ automations: z.array(automationSchema) });
export type AutomationList = z.infer<typeof automationListSchema>;

export const automationParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /api/admin/automations/:id/plan?month=YYYY-MM (default: next month, UTC). */
export const planQuerySchema = z.object({
  month: monthSchema.optional(),
  language: z.enum(LANGUAGE_CODES).optional().describe('scenario titles in this language (default English)'),
});
export type PlanQuery = z.infer<typeof planQuerySchema>;

export const planItemSchema = z.object({
  person: z.object({
    id: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    department: z.string().nullable(),
  }),
  time_zone: z.string(),
  language_code: z.enum(LANGUAGE_CODES),
  level: z.number().int(),
  previous_level: z.number().int().nullable(),
  reason: z.enum(LEVEL_REASONS),
  needs_training: z.boolean(),
  training: z
    .enum(PLAN_TRAINING)
    .nullable()
    .describe("when training is needed: whether the tenant's training policy sends it"),
  scenario: z
    .object({ id: z.string(), title: z.string(), difficulty: z.number().int(), lure: z.string() })
    .nullable(),
  planned_at: z.string().nullable().describe('when the message goes out (UTC)'),
  local_time: z.string().nullable().describe("the same moment in the person's time zone, YYYY-MM-DD HH:MM"),
  state: z.enum(AUTOMATION_MESSAGE_STATES),
  skip_reason: z.enum(SKIP_REASONS).nullable(),
  campaign_id: z.string().nullable(),
  /** The level's reason in words (English). */
  why: z.string(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const automationPlanSchema = z.object({
  automation_id: z.string(),
  month: z.string(),
  /** Not planned yet: what would be planned from what people have done so far (levels may still change). */
  provisional: z.boolean(),
  rule: z.string(),
  items: z.array(planItemSchema),
});
export type AutomationPlan = z.infer<typeof automationPlanSchema>;

/** The level's reason in words, in English. */
export function reasonWords(
  item: Pick<PlanItem, 'reason' | 'level' | 'previous_level'> & Partial<Pick<PlanItem, 'training'>>,
): string {
  const from = item.previous_level ?? item.level;
  if (item.reason === 'starting_level') return `First month: the starting level, ${item.level}.`;
  if (item.reason === 'reported_last_two')
    return `Reported the last two simulations: one level harder, ${from} → ${item.level}.`;
  if (item.reason === 'clicked_last')
    return `Clicked the last simulation: one level easier, ${from} → ${item.level}, and needs training${trainingWords(item.training)}.`;
  return `Neither clicked the last one nor reported the last two: the same level, ${item.level}.`;
}

function trainingWords(training: PlanTraining | null | undefined): string {
  if (training === 'by_policy') return ': the training policy sends it';
  if (training === 'policy_off')
    return ': the training policy does not send it (the policy is off, or the click came before it was turned on), so assign it by hand';
  return '';
}
