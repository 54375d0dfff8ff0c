/**
 * The report button (one file per area: see admin-api.ts): `POST /api/report` takes `{ rid }`
 * as its body, GoPhish's `/report?rid=…` as its query; the answer is an empty 204.
 */
import { z } from 'zod';

export const reportMessageSchema = z.object({ rid: z.string().min(1).max(128) });
