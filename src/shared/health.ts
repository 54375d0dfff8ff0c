/** GET /api/health: ok only once the database answered (one file per area: see admin-api.ts). */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });
