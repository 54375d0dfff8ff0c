/** Recipient import and link export, shared by the REST API and the CLI. */
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Campaign, Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { newId, newRid, nowIso } from '../../lib/ids';
import { insertRecipients } from '../campaigns/campaigns.repository';
import { parseRecipientsCsv } from './recipients-csv';
import { existingIdentities, listRecipientLinks } from './recipients.repository';

export const importReportSchema = z.object({
  rows: z.number().int().describe('data rows read from the CSV'),
  accepted: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const linkSchema = z.object({
  email: z.string().nullable(),
  person_id: z.string().nullable(),
  first_name: z.string().nullable(),
  language_code: z.string().nullable(),
  rid: z.string(),
  link: z.string(),
});
export type RecipientLink = z.infer<typeof linkSchema>;

export async function importRecipients(
  db: Kysely<Database>,
  campaign: Campaign,
  csv: string,
): Promise<ImportReport> {
  if (campaign.ended_at) throw conflict('The campaign has ended', 'campaign_ended');
  const existing = await existingIdentities(db, campaign.tenant_id, campaign.id);
  const { accepted, rejected, rows } = parseRecipientsCsv(csv, existing);
  const createdAt = nowIso();
  await db.transaction().execute((trx) =>
    insertRecipients(
      trx,
      accepted.map((r) => ({
        ...r,
        id: newId(),
        tenant_id: campaign.tenant_id,
        campaign_id: campaign.id,
        // A fresh rid per recipient and campaign: links are never reused across campaigns.
        rid: newRid(),
        status: 'created',
        created_at: createdAt,
      })),
    ),
  );
  return { rows, accepted: accepted.length, rejected };
}

export async function recipientLinks(
  db: Kysely<Database>,
  publicUrl: string,
  campaign: Campaign,
): Promise<RecipientLink[]> {
  const rows = await listRecipientLinks(db, campaign.tenant_id, campaign.id);
  return rows.map((r) => ({
    email: r.email,
    person_id: r.person_id,
    first_name: r.first_name,
    language_code: r.language_code,
    rid: r.rid,
    link: `${publicUrl}/phish?rid=${r.rid}`,
  }));
}

/** Mail-merge CSV: the columns a mailer needs first, then the identifiers. */
export function linksCsv(links: RecipientLink[]): string {
  return stringify(links, {
    header: true,
    columns: ['email', 'first_name', 'link', 'person_id', 'language_code'],
  });
}
