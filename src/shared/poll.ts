/**
 * The reviewer decision API (one file per area: see admin-api.ts): one schema for the POST
 * /api/submit body, shared by the server (validation) and the web app (types). Decisions are the
 * seed's: 'TP', 'FP' or '' (no choice); and the GET /api/decisions answer (the current decision
 * per URL of a token). Also the poll token's claims (the web decodes `urls` to list them) and
 * `hookwise poll-token --json`.
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

/** A decision that counts: an empty one is kept as an audit row but never becomes current. */
export const STORED_DECISIONS = ['TP', 'FP'] as const;
export type StoredDecision = (typeof STORED_DECISIONS)[number];

/** GET /api/decisions: the current decision per URL of the bearer token, URLs never decided left out. */
export const currentDecisionSchema = z.object({
  url: z.string(),
  decision: z.enum(STORED_DECISIONS),
  reviewer: z.string().nullable(),
  at: z.string(),
});
export type CurrentDecision = z.infer<typeof currentDecisionSchema>;

export const decisionsResponseSchema = z.object({ decisions: z.array(currentDecisionSchema) });
export type DecisionsResponse = z.infer<typeof decisionsResponseSchema>;

/**
 * The poll token's claims (an HS256 JWT): the URLs to review, each true when the tenant's
 * malicious-URL database already has it; the tenant; the link's id (jti) and reviewer (sub).
 */
export const pollClaimsSchema = z.object({
  urls: z.record(z.string().min(1).max(4096), z.boolean()),
  tid: z.string().min(1).max(100),
  exp: z.number(),
  iat: z.number().optional(),
  jti: z.string().min(1).max(200),
  sub: z.string().max(200).optional(),
});
export type PollClaims = z.infer<typeof pollClaimsSchema>;

/** `hookwise poll-token --json`: the token and the reviewer link that carries it. */
export const pollLinkSchema = z.object({ token: z.string(), url: z.string() });
export type PollLink = z.infer<typeof pollLinkSchema>;
