/**
 * Campaign results: the funnel and each recipient's status with times, optionally
 * pseudonymised (no email, person id or name; a stable per-recipient pseudonym instead).
 * Results never include IP addresses or user agents.
 */
import { createHmac } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { LANGUAGE_CODES } from '../../../shared/languages';
import { EVENT_TYPES, furthestStatus, RECIPIENT_STATUSES, type EventType } from '../../../shared/events';
import type { Db } from '../../db/database';
import type { Campaign } from '../../db/schema';
import {
  funnelCounts,
  questionnaireAttempts,
  recipientStatuses,
  submitAttemptCount,
  type ResultsPage,
} from './results.repository';

const funnelShape = Object.fromEntries(EVENT_TYPES.map((type) => [type, z.number().int()])) as Record<
  EventType,
  z.ZodNumber
>;

export const funnelSchema = z.object({
  recipients: z.number().int(),
  ...funnelShape,
  submit_attempted: z
    .number()
    .int()
    .describe('pressed the phishing page submit, also with every field empty; submitted counts entered data'),
  average_score: z.number().nullable().describe('mean questionnaire score, null before any'),
});

const timeShape = Object.fromEntries(
  EVENT_TYPES.map((type) => [`${type}_at`, z.string().nullable()]),
) as Record<`${EventType}_at`, z.ZodNullable<z.ZodString>>;

export const recipientResultSchema = z.object({
  pseudonym: z.string().optional(),
  email: z.string().nullable().optional(),
  person_id: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  language_code: z.enum(LANGUAGE_CODES).nullable(),
  status: z.enum(RECIPIENT_STATUSES).describe('furthest step reached, or created'),
  ...timeShape,
  score: z.number().nullable().describe('the latest questionnaire attempt'),
  questionnaire_attempts: z.number().int().describe('the first attempt and each retake'),
});

export const resultsSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  pseudonymised: z.boolean(),
  funnel: funnelSchema,
  recipients: z.array(recipientResultSchema),
});
export type Results = z.infer<typeof resultsSchema>;
export type RecipientResult = z.infer<typeof recipientResultSchema>;

export interface ResultsOptions {
  pseudonymise: boolean;
  /** Keys the pseudonyms (config PSEUDONYM_KEY): the same key gives the same pseudonym in every export. */
  pseudonymKey: string;
  /** Only these recipients (the funnel always counts all of them); all when absent. */
  page?: ResultsPage;
}

export async function campaignResults(database: Db, campaign: Campaign, options: ResultsOptions) {
  const { db } = database;
  const [{ recipients, byType, average }, rows, submitAttempted] = await Promise.all([
    funnelCounts(db, campaign.tenant_id, campaign.id),
    recipientStatuses(db, campaign.tenant_id, campaign.id, options.page),
    submitAttemptCount(db, campaign.tenant_id, campaign.id),
  ]);
  const attempts = await questionnaireAttempts(
    db,
    campaign.id,
    rows.map((row) => row.id),
  );
  const funnel = {
    recipients,
    ...(Object.fromEntries(EVENT_TYPES.map((type) => [type, byType.get(type) ?? 0])) as Record<
      EventType,
      number
    >),
    submit_attempted: submitAttempted,
    average_score: average === null ? null : Math.round(average * 10) / 10,
  };
  const pseudonymKey = createHmac('sha256', options.pseudonymKey)
    .update('hookwise-results-pseudonym')
    .digest();
  const results: Results = {
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    pseudonymised: options.pseudonymise,
    funnel,
    recipients: rows.map(({ id, email, person_id, first_name, created_at: _created, ...rest }) => {
      const identity = options.pseudonymise
        ? { pseudonym: pseudonym(pseudonymKey, id) }
        : { email, person_id, first_name };
      return {
        ...identity,
        ...rest,
        status: furthestStatus(EVENT_TYPES.filter((t) => rest[`${t}_at`] !== null)),
        // Recorded before attempts were kept: the one completion counts as one attempt.
        questionnaire_attempts: attempts.get(id) ?? (rest.questionnaire_completed_at === null ? 0 : 1),
      };
    }),
  };
  return results;
}

function pseudonym(key: Buffer, recipientId: string): string {
  return `p_${createHmac('sha256', key).update(recipientId).digest('base64url').slice(0, 16)}`;
}

export function resultsCsv(results: Results): string {
  const identity = results.pseudonymised ? ['pseudonym'] : ['email', 'person_id', 'first_name'];
  return stringify(results.recipients, {
    header: true,
    columns: [
      ...identity,
      'language_code',
      'status',
      ...EVENT_TYPES.map((t) => `${t}_at`),
      'score',
      'questionnaire_attempts',
    ],
  });
}
