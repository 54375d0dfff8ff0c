/**
 * GET /api/decisions with the poll token as bearer: the current stored decision (who, when) on
 * each URL of the token, so a reloaded page shows what is already done.
 */
import type { CurrentDecision } from '@shared/poll';
import { api } from '@web/lib/api-client';
import { parseDecisions } from '../lib/stored-decisions';

export function fetchDecisions(token: string): Promise<CurrentDecision[]> {
  return api('/api/decisions', { bearer: token, schema: { parse: parseDecisions } });
}
