/**
 * The scenario library over the operator API, the CLI's `--json` and the console: the library
 * and the tenant's own copies listed in one language, one scenario whole, a campaign started
 * from one, and a copy made, edited and removed.
 */
import { z } from 'zod';
import { campaignFileSchema } from './campaign';
import { LANGUAGE_CODES } from './languages';
import {
  DIFFICULTY_LEVELS,
  SCENARIO_LURES,
  scenarioIdSchema,
  scenarioSchema,
  scenarioTextsSchema,
} from './scenarios';

/** Where a scenario comes from: shipped with Hookwise (read-only), or the tenant's own copy. */
export const SCENARIO_SOURCES = ['library', 'tenant'] as const;
export type ScenarioSource = (typeof SCENARIO_SOURCES)[number];

const difficulty = z.coerce.number().int().min(1).max(DIFFICULTY_LEVELS.length);

/** GET /api/admin/scenarios?language=&difficulty=&lure= */
export const scenarioListQuerySchema = z.object({
  language: z.enum(LANGUAGE_CODES).default('en').describe('the texts in this language, else English'),
  difficulty: difficulty.optional(),
  lure: z.enum(SCENARIO_LURES).optional(),
});
export type ScenarioListQuery = z.infer<typeof scenarioListQuerySchema>;
export type ScenarioListQueryInput = z.input<typeof scenarioListQuerySchema>;

/** `/api/admin/scenarios/:id`: a library id (`shared-document`) or a tenant copy's id. */
export const scenarioParamsSchema = z.object({ id: scenarioIdSchema });

/** What the list shows of one scenario. */
export const scenarioListItemSchema = z.object({
  id: z.string(),
  source: z.enum(SCENARIO_SOURCES),
  lure: z.enum(SCENARIO_LURES),
  difficulty: z.number().int().min(1).max(5),
  reply_based: z.boolean(),
  /** The language `texts` are in: the one asked for, or English when the scenario lacks it. */
  language: z.enum(LANGUAGE_CODES),
  texts: scenarioTextsSchema,
  /** Every language the scenario's texts are written in. */
  languages: z.array(z.enum(LANGUAGE_CODES)),
  /** A tenant copy's library scenario. */
  copied_from: z.string().nullable(),
});
export type ScenarioListItem = z.infer<typeof scenarioListItemSchema>;

export const scenarioListSchema = z.object({ scenarios: z.array(scenarioListItemSchema) });
export type ScenarioList = z.infer<typeof scenarioListSchema>;

/** GET /api/admin/scenarios/:id: the scenario whole, its campaign file with every translation. */
export const scenarioDetailSchema = scenarioSchema.extend({
  source: z.enum(SCENARIO_SOURCES),
  languages: z.array(z.enum(LANGUAGE_CODES)),
  copied_from: z.string().nullable(),
});
export type ScenarioDetail = z.infer<typeof scenarioDetailSchema>;

/** POST /api/admin/scenarios/:id/campaign: the draft's name (default: the scenario's title). */
export const scenarioUseSchema = z.object({ name: z.string().trim().min(1).max(200).optional() });
export type ScenarioUse = z.infer<typeof scenarioUseSchema>;

/** The draft campaign made: open it in the editor, add recipients, launch. */
export const scenarioCampaignSchema = z.object({ campaign_id: z.string(), name: z.string() });
export type ScenarioCampaign = z.infer<typeof scenarioCampaignSchema>;

/** POST /api/admin/scenarios/:id/copy: the copy's title in every language (default: the original's). */
export const scenarioCopySchema = z.object({ title: z.string().trim().min(1).max(120).optional() });
export type ScenarioCopy = z.infer<typeof scenarioCopySchema>;

/** A scenario's console texts per language, as a tenant copy stores them. */
export const scenarioTextsByLanguageSchema = z.partialRecord(z.enum(LANGUAGE_CODES), scenarioTextsSchema);

/** PUT /api/admin/scenarios/:id (tenant copies only): the scenario as GET answers it, less its id. */
export const scenarioEditSchema = z
  .object({
    lure: z.enum(SCENARIO_LURES),
    difficulty: z.number().int().min(1).max(DIFFICULTY_LEVELS.length),
    reply_based: z.boolean(),
    texts: scenarioTextsByLanguageSchema,
    campaign: campaignFileSchema,
  })
  .refine((s) => s.texts.en !== undefined, {
    message: 'the English texts are required',
    path: ['texts', 'en'],
  });
export type ScenarioEdit = z.infer<typeof scenarioEditSchema>;
