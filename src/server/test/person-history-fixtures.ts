/**
 * A tenant whose people have a history, seeded as real use makes one: campaigns imported
 * through the operator API, recipients from a CSV with their sent_at, clicks reported by
 * the page and judged by the clicks module (a person's gesture, or a scanner's), form submits,
 * finished journeys and reports through the public listener. The clock is fixed at NOW (only
 * Date is faked), so the risk score's decay is exact.
 *
 * Sent 90, 180, 270 and 450 days before NOW (whole half-lives, so the decays are exact); every
 * action in the hour before NOW:
 *   ana: Parcel clicked and submitted; Payroll reported; Invoice clicked and finished the
 *        training; Old clicked.
 *   ben: Parcel: only a scanner opened it (not a click), reported it; Payroll: clicked.
 *   cy:  Parcel: did nothing.
 */
import { vi } from 'vitest';
import { PERSON } from './click-fixtures';
import { campaignFile, importCampaign, importCsv, newTenant, type TestTenant } from './admin-fixtures';
import type { Harness } from './harness';

export const NOW = new Date('2026-06-30T12:00:00.000Z');

/** Days before now each campaign was sent (at NOW: 2026-04-01, 2026-01-01, 2025-10-03, 2025-04-06). */
const SENT_DAYS_AGO = { Parcel: 90, Payroll: 180, Invoice: 270, Old: 450 } as const;
type CampaignName = keyof typeof SENT_DAYS_AGO;

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let net = 0;

export interface SeededHistory {
  tenant: TestTenant;
  /** People ids by first name. */
  people: Record<'ana' | 'ben' | 'cy', string>;
}

/**
 * Seeds the history with the clock at `now` (Date mocked: the caller restores it with
 * vi.useRealTimers()).
 */
export async function seedHistory(
  h: Pick<Harness, 'app' | 'admin' | 'database'>,
  name: string,
  now: Date = NOW,
): Promise<SeededHistory> {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const SENT = Object.fromEntries(
    Object.entries(SENT_DAYS_AGO).map(([campaign, days]) => [campaign, at(days * 86_400_000)]),
  ) as Record<CampaignName, string>;
  const tenant = await newTenant(h, name);
  const rids = new Map<string, string>();
  const audience: Record<CampaignName, string[]> = {
    Parcel: ['ana', 'ben', 'cy'],
    Payroll: ['ana', 'ben'],
    Invoice: ['ana'],
    Old: ['ana'],
  };
  for (const campaign of Object.keys(SENT_DAYS_AGO) as CampaignName[]) {
    const id = await importCampaign(h, tenant, campaignFile({ name: campaign }));
    const rows = audience[campaign].map(
      (who) =>
        `${who}@example.com,${who[0]?.toUpperCase()}${who.slice(1)},${who === 'ana' ? 'de' : ''},${SENT[campaign]}`,
    );
    const csv = await importCsv(h, tenant, id, `email,first_name,language,sent_at\n${rows.join('\n')}\n`);
    if (csv.statusCode !== 200) throw new Error(`recipients: ${csv.body}`);
    const links = await h.database.db
      .selectFrom('recipients')
      .select(['email', 'rid'])
      .where('campaign_id', '=', id)
      .execute();
    for (const link of links) rids.set(`${campaign}:${link.email?.split('@')[0]}`, link.rid);
  }
  const rid = (campaign: CampaignName, who: string) => rids.get(`${campaign}:${who}`) ?? '';
  const event = async (r: string, type: string, details: Record<string, unknown> = {}) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      payload: JSON.stringify({ rid: r, type, details }),
      remoteAddress: `198.51.${++net % 250}.${(net % 200) + 10}`,
    });
    if (res.statusCode >= 300) throw new Error(`${type}: ${res.body}`);
  };
  const personClick = (r: string) =>
    event(r, 'clicked', {
      elapsed_ms: 2400,
      reason: 'user_gesture',
      gesture: 'pointer',
      evidence: { ...PERSON, pointer_type: 'mouse', moves: 14, keys: 0, gesture_after_ms: 1500 + net * 10 },
    });
  const scannerVisit = (r: string) =>
    event(r, 'clicked', {
      elapsed_ms: 10,
      reason: 'render_beacon',
      evidence: {
        ...PERSON,
        webdriver: true,
        visible_ms: 5000,
        trusted_gesture: false,
        pointer_moved: false,
      },
    });
  const report = async (r: string) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/report', payload: { rid: r } });
    if (res.statusCode !== 204) throw new Error(`report: ${res.body}`);
  };

  vi.setSystemTime(new Date(now.getTime() - 3_600_000));
  await personClick(rid('Parcel', 'ana'));
  await event(rid('Parcel', 'ana'), 'submitted', { fields: ['username', 'password'] });
  await personClick(rid('Invoice', 'ana'));
  await event(rid('Invoice', 'ana'), 'completed');
  await personClick(rid('Old', 'ana'));
  await scannerVisit(rid('Parcel', 'ben'));
  await personClick(rid('Payroll', 'ben'));
  vi.setSystemTime(new Date(now.getTime() - 1_800_000));
  await report(rid('Parcel', 'ben'));
  vi.setSystemTime(new Date(now.getTime() - 600_000));
  await report(rid('Payroll', 'ana'));
  vi.setSystemTime(now);

  const found = await h.database.db
    .selectFrom('people')
    .select(['id', 'email'])
    .where('tenant_id', '=', tenant.tenantId)
    .execute();
  const idOf = (who: string) => found.find((p) => p.email === `${who}@example.com`)?.id ?? '';
  return { tenant, people: { ana: idOf('ana'), ben: idOf('ben'), cy: idOf('cy') } };
}
