/**
 * `hookwise demo --json`: what the demo made, for a script to go on with (one file per area: see
 * admin-api.ts). Development data: the owner's password is printed once.
 */
import { z } from 'zod';

export const demoSchema = z.object({
  tenantId: z.string(),
  apiKey: z.string(),
  /** Sign-in for the console. */
  owner: z.object({ email: z.string(), password: z.string() }),
  campaignId: z.string(),
  recipients: z.array(z.object({ rid: z.string(), url: z.string() })),
  pollUrl: z.string(),
});
export type DemoResult = z.infer<typeof demoSchema>;
