/**
 * The reviewer decision API: one schema for the POST /api/submit body, shared by the server
 * (validation) and the web app (types). Decisions are the seed's: 'TP', 'FP' or '' (no choice).
 */
import { z } from 'zod';

export const POLL_DECISIONS = ['TP', 'FP', ''] as const;
export type PollDecision = (typeof POLL_DECISIONS)[number];

/** Same bound as the token's URL keys: a submitted URL must be one of them anyway. */
export const MAX_POLL_URL_LENGTH = 4096;

export const submitBodySchema = z.object({
  url: z.string().min(1).max(MAX_POLL_URL_LENGTH),
  decision: z.enum(POLL_DECISIONS),
});
export type SubmitBody = z.infer<typeof submitBodySchema>;

export const submitResponseSchema = z.object({
  url: z.string(),
  decision: z.enum(POLL_DECISIONS),
  at: z.string(),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;
