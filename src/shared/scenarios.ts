/**
 * The scenario library: complete simulations Hookwise ships, each a campaign file (e-mail, the
 * built-in sign-in page under a generic brand, red flags, awareness, questionnaire) with its
 * difficulty and its texts in every language. On disk, one folder per scenario
 * (src/server/modules/scenarios/library/<id>/): `scenario.json` (this schema, English) and one
 * `<language>.json` per other language (`scenarioTranslationSchema`).
 */
import { z } from 'zod';
import { contentTranslationSchema, campaignFileSchema } from './campaign';
import { LANGUAGE_CODES } from './languages';

/** The lures the library covers, one scenario (or more) each. */
export const SCENARIO_LURES = [
  'shared_document',
  'password_expiry',
  'mfa_reregistration',
  'parcel_delivery',
  'invoice_change',
  'gift_card',
  'voicemail',
  'hr_policy',
  'calendar_invitation',
  'qr_parking_fine',
  'chat_notification',
  'payroll_benefits',
] as const;
export type ScenarioLure = (typeof SCENARIO_LURES)[number];

/** 1: obvious spoofing, errors, threats · 5: a look-alike domain, correct branding, no urgency. */
export const DIFFICULTY_LEVELS = [1, 2, 3, 4, 5] as const;

const line = (max: number) => z.string().trim().min(1).max(max);

/** What the console shows of a scenario, per language. */
export const scenarioTextsSchema = z.strictObject({
  /** The scenario's name in the library, e.g. "Shared payroll document". */
  title: line(120),
  /** One or two sentences: what the message pretends and what it asks for. */
  summary: line(600),
  /** Why it is at its level: the red flags a careful reader finds, or what makes them hard to find. */
  level_reason: line(800),
});
export type ScenarioTexts = z.infer<typeof scenarioTextsSchema>;

export const scenarioIdSchema = z.string().regex(/^[a-z0-9-]{3,60}$/);

/** scenario.json: the scenario in English, its campaign file without translations. */
export const scenarioSourceSchema = z.strictObject({
  id: scenarioIdSchema,
  lure: z.enum(SCENARIO_LURES),
  difficulty: z.union(DIFFICULTY_LEVELS.map((n) => z.literal(n))),
  /** No link: the message asks for a reply (the CEO gift-card request); nothing lands on /phish. */
  reply_based: z.boolean(),
  texts: scenarioTextsSchema,
  /** language_code "en"; `translations` come from the language files. */
  campaign: z.looseObject({}),
});

/** <language>.json: the scenario's texts and the campaign's texts in that language. */
export const scenarioTranslationSchema = z.strictObject({
  texts: scenarioTextsSchema,
  campaign: contentTranslationSchema,
});
export type ScenarioTranslation = z.infer<typeof scenarioTranslationSchema>;

/** A scenario as the library serves it: the campaign file whole, translations included. */
export const scenarioSchema = z.object({
  id: scenarioIdSchema,
  lure: z.enum(SCENARIO_LURES),
  difficulty: z.number().int().min(1).max(5),
  reply_based: z.boolean(),
  texts: z.partialRecord(z.enum(LANGUAGE_CODES), scenarioTextsSchema),
  campaign: campaignFileSchema,
});
export type Scenario = z.infer<typeof scenarioSchema>;
