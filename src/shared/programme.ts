/**
 * The programme report (GET /api/admin/programme/report, `hookwise programme report`, the
 * console's Programme page): month by month, how the tenant's people (or one department's) meet
 * the simulations sent to them — click, submit and report rates, the median time to report —
 * beside the difficulty of what they were sent, and a per-department breakdown of the period.
 * Months are the UTC calendar months of each message's send (`recipients.sent_at`).
 */
import { z } from 'zod';
import { DIFFICULTY_LEVELS } from './scenarios';

export const PROGRAMME_GROUPINGS = ['month'] as const;
export type ProgrammeGrouping = (typeof PROGRAMME_GROUPINGS)[number];

/** The longest period one report covers: five years of months. */
export const PROGRAMME_MAX_MONTHS = 60;

const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM, e.g. 2026-01')
  .describe('a calendar month, YYYY-MM (UTC)');

/** Months from `from` to `to`, both included, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  while ((year < toYear || (year === toYear && month <= toMonth)) && months.length <= PROGRAMME_MAX_MONTHS) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** GET /api/admin/programme/report?from=&to=&department=&group_by=month */
export const programmeQuerySchema = z
  .object({
    from: monthSchema.optional().describe('first month (default: eleven months before `to`)'),
    to: monthSchema.optional().describe('last month, included (default: this month, UTC)'),
    department: z.string().trim().min(1).max(200).optional().describe("only this department's people"),
    group_by: z.enum(PROGRAMME_GROUPINGS).default('month'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from is after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to).length <= PROGRAMME_MAX_MONTHS, {
    message: `at most ${PROGRAMME_MAX_MONTHS} months`,
    path: ['to'],
  });
export type ProgrammeQuery = z.infer<typeof programmeQuerySchema>;
export type ProgrammeQueryInput = z.input<typeof programmeQuerySchema>;

/** How many messages were sent at each difficulty; `unknown`: campaigns not from the library. */
export const difficultyMixSchema = z.object({
  ...(Object.fromEntries(DIFFICULTY_LEVELS.map((level) => [String(level), z.number().int()])) as Record<
    `${(typeof DIFFICULTY_LEVELS)[number]}`,
    z.ZodNumber
  >),
  unknown: z.number().int(),
});
export type DifficultyMix = z.infer<typeof difficultyMixSchema>;
export const DIFFICULTY_MIX_KEYS = [...DIFFICULTY_LEVELS.map((l) => `${l}` as const), 'unknown'] as const;
export type DifficultyMixKey = (typeof DIFFICULTY_MIX_KEYS)[number];

const rate = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .describe('a share of `sent`, 0–1, three decimals; null when none was sent');

/** The figures of a month, a department or the whole period. */
export const programmeFiguresSchema = z.object({
  /** Simulations sent: each recipient whose message went out (one person, one message). */
  sent: z.number().int(),
  /** Of those, people counted as clicking (a person's verdict, never a scanner's visit). */
  clicked: z.number().int(),
  /** People who clicked and then entered data in the page's form (never what was typed). */
  submitted: z.number().int(),
  /** People who reported the message (report button or reported mail). */
  reported: z.number().int(),
  click_rate: rate,
  submit_rate: rate,
  report_rate: rate,
  /** The median minutes from send to report, one decimal; null without a report. */
  median_minutes_to_report: z.number().nullable(),
});
export type ProgrammeFigures = z.infer<typeof programmeFiguresSchema>;

export const programmeMonthSchema = programmeFiguresSchema.extend({
  month: monthSchema,
  difficulty: difficultyMixSchema,
});
export type ProgrammeMonth = z.infer<typeof programmeMonthSchema>;

export const programmeDepartmentSchema = programmeFiguresSchema.extend({
  /** The person's department, else the recipient's; null: none known. */
  department: z.string().nullable(),
  /** Different people sent a simulation in the period. */
  people: z.number().int(),
});
export type ProgrammeDepartment = z.infer<typeof programmeDepartmentSchema>;

export const programmeReportSchema = z.object({
  from: monthSchema,
  to: monthSchema,
  department: z.string().nullable(),
  group_by: z.enum(PROGRAMME_GROUPINGS),
  /** Months are counted by when each message was sent, in UTC. */
  months_by: z.literal('sent_at_utc'),
  /** Every month of the period, those with nothing sent included. */
  months: z.array(programmeMonthSchema),
  /** The whole period. */
  totals: programmeFiguresSchema.extend({ people: z.number().int(), difficulty: difficultyMixSchema }),
  /** The whole period per department, most people first. */
  departments: z.array(programmeDepartmentSchema),
});
export type ProgrammeReport = z.infer<typeof programmeReportSchema>;
