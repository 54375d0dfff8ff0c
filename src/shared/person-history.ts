/**
 * One person's history and risk (GET /api/admin/people/:id/history, `hookwise people history`),
 * the lists (repeat offenders, never reported, top reporters) and the saved filters ("smart
 * groups") that choose people by department, language, risk band, recent clicks and reports.
 */
import { z } from 'zod';
import { CLICK_VERDICTS } from './clicks';
import { IMPORTED_FROM } from './gophish-campaign';
import { LANGUAGE_CODES } from './languages';
import { personSchema } from './people';
import { RISK_BANDS, riskSchema } from './people-risk';

/** One simulation the person received, and what they did with it. */
export const simulationSchema = z.object({
  /** The simulation's campaign: what POST /api/admin/training/assignments takes as `campaign_id`. */
  campaign_id: z.string(),
  campaign_name: z.string(),
  /** The language the simulation spoke to them in. */
  language_code: z.enum(LANGUAGE_CODES),
  /** When it was sent (else when its campaign was launched). */
  sent_at: z.string(),
  /** A click the clicks module judged a person's (the results page's "clicked"); scanners never count. */
  clicked: z.boolean(),
  clicked_at: z.string().nullable(),
  /**
   * How the link's opening was judged: a person's (`human`, `likely_human`), a mail scanner's
   * alone (`automated`: not a click), or never judged (`unverified`, imported); null: never opened.
   */
  verdict: z.enum(CLICK_VERDICTS).nullable(),
  /** The phishing page's form was submitted after that click (what was typed is never kept). */
  submitted: z.boolean(),
  reported: z.boolean(),
  reported_at: z.string().nullable(),
  seconds_to_report: z.number().int().nullable(),
  questionnaire_score: z.number().nullable(),
  /** The journey's training: the questionnaire, or the whole journey, completed. */
  training_completed: z.boolean(),
  /**
   * When this simulation's training was assigned to the person (by the training policy or by an
   * operator); null: it never was.
   */
  training_assigned_at: z.string().nullable(),
  /** 'gophish': imported with its results; left out of the risk score (its clicks were never judged). */
  imported_from: z.enum(IMPORTED_FROM).nullish(),
  /** An imported click: the link opened, never judged a person's or a scanner's (never `clicked`). */
  unverified_click: z.boolean().optional(),
});
export type Simulation = z.infer<typeof simulationSchema>;

export const personHistorySchema = z.object({
  person: personSchema,
  /** Newest first. */
  simulations: z.array(simulationSchema),
  risk: riskSchema,
});
export type PersonHistory = z.infer<typeof personHistorySchema>;

export const PEOPLE_LISTS = ['repeat-offenders', 'never-reported', 'top-reporters'] as const;
export type PeopleListName = (typeof PEOPLE_LISTS)[number];

/** GET /api/admin/people/lists/<list>?months=&clicks=&offset=&limit= */
export const peopleListQuerySchema = z.object({
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(36)
    .default(12)
    .describe('simulations sent in the last N months'),
  clicks: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(2)
    .describe('repeat offenders: at least this many clicks'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type PeopleListQuery = z.infer<typeof peopleListQuerySchema>;

/** A person on a list, with the figures that put them there (over the list's months). */
export const peopleListEntrySchema = z.object({
  person: personSchema,
  simulations: z.number().int(),
  clicks: z.number().int(),
  submissions: z.number().int(),
  reports: z.number().int(),
  last_clicked_at: z.string().nullable(),
  last_reported_at: z.string().nullable(),
});
export type PeopleListEntry = z.infer<typeof peopleListEntrySchema>;

export const peopleListPageSchema = z.object({
  list: z.enum(PEOPLE_LISTS),
  months: z.number().int(),
  total: z.number().int(),
  items: z.array(peopleListEntrySchema),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type PeopleListPage = z.infer<typeof peopleListPageSchema>;

/** What a saved filter chooses: every condition given must hold (none given: every active person). */
export const personFilterSchema = z
  .object({
    department: z.string().trim().min(1).max(200).optional(),
    language_code: z.enum(LANGUAGE_CODES).optional(),
    risk_band: z.enum(RISK_BANDS).optional(),
    /** Clicked (as a person) a simulation in the last N days. */
    clicked_within_days: z.number().int().min(1).max(730).optional(),
    /** Never reported any simulation. */
    never_reported: z.boolean().optional(),
  })
  .strict();
export type PersonFilter = z.infer<typeof personFilterSchema>;

export const savedFilterInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  filter: personFilterSchema,
});
export type SavedFilterInput = z.infer<typeof savedFilterInputSchema>;

export const savedFilterSchema = savedFilterInputSchema.extend({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const savedFiltersSchema = z.object({ filters: z.array(savedFilterSchema) });
export type SavedFilters = z.infer<typeof savedFiltersSchema>;

/** `hookwise people risky --json`, GET /api/admin/people/risky?band= */
export const riskyQuerySchema = z.object({
  band: z.enum(RISK_BANDS).default('high'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type RiskyQuery = z.infer<typeof riskyQuerySchema>;

export const riskyPageSchema = z.object({
  band: z.enum(RISK_BANDS),
  total: z.number().int(),
  items: z.array(z.object({ person: personSchema, risk: riskSchema })),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type RiskyPage = z.infer<typeof riskyPageSchema>;
