/** Schemas shared by the operator routes: the error body, path parameters, security. */
import { z } from 'zod';

export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const adminErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema } as const;

export const campaignParams = z.object({ id: z.string().min(1).max(100) });

export const adminSecurity = [{ apiKey: [] }];

/** Query-string booleans: `?pseudonymise=true`, `?pending=1`. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');
