/**
 * Fixtures for training tests: a simulation sent through the real SMTP sink to people, a person's
 * click as their browser reports it, a scanner's, a report, and a training worker on a clock the
 * test moves.
 */
import type { CampaignFileInput } from '@shared/campaign';
import { PERSON } from './click-fixtures';
import { campaignFile, importCampaign, importCsv, newTenant, type TestTenant } from './admin-fixtures';
import type { Harness } from './harness';
import { drain, sinkProfile, testWorker } from './sending-fixtures';
import type { SmtpSink } from './smtp-sink';
import { trainingWorker } from '../modules/training/training-worker';
import type { SendingProgress } from '@shared/sending';

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export const TRAINING_FILE: CampaignFileInput = campaignFile({
  name: 'Parcel notice',
  email: { from: 'Parcels <parcels@parcel.example>', subject: 'Your parcel', body: 'Track it: {{link}}' },
  awareness: { title: 'That was a simulation', content: 'Look at the sender before you click.' },
  sei: [
    {
      id: 'sender',
      title: 'A stranger sender',
      explanation: 'The address is not the carrier you use.',
      target: { on: 'email', element: 'from' },
    },
  ],
  questionnaire: {
    required: true,
    allow_retake: true,
    questions: [
      {
        id: 'q1',
        type: 'single',
        text: 'What gave the message away?',
        options: [
          { id: 'a', text: 'The sender' },
          { id: 'b', text: 'Nothing' },
        ],
        correct: ['a'],
      },
    ],
  },
  navigation: ['awareness', 'sei', 'entry_text', 'questionnaire'],
  translations: {
    de: {
      awareness: { title: 'Das war eine Simulation', content: 'Prüfen Sie den Absender, bevor Sie klicken.' },
    },
    ar: { awareness: { title: 'كانت هذه محاكاة', content: 'تحقق من المرسل قبل النقر.' } },
  },
});

export interface SentSimulation {
  tenant: TestTenant;
  campaignId: string;
  /** By e-mail address. */
  rids: Map<string, string>;
}

/** A simulation imported, given these people (CSV), and sent by the outbox to the sink an hour ago. */
export async function sentSimulation(h: Harness, sink: SmtpSink, csv: string): Promise<SentSimulation> {
  const tenant = await newTenant(h);
  const profileId = await sinkProfile(h, tenant.headers, sink, 'security@training.example');
  const campaignId = await importCampaign(h, tenant, TRAINING_FILE);
  const imported = await importCsv(h, tenant, campaignId, csv);
  if (imported.statusCode !== 200) throw new Error(`recipients not imported: ${imported.body}`);
  const send = await h.admin.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaignId}/sending`,
    headers: tenant.headers,
    payload: { profile_id: profileId, spread_minutes: 0, rate_per_minute: 1000 },
  });
  if (send.statusCode !== 200) throw new Error(`not sent: ${send.body}`);
  const progress = async () =>
    (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaignId}/sending`,
        headers: tenant.headers,
      })
    ).json<SendingProgress>();
  const worker = testWorker(h);
  await drain(worker, progress);
  await worker.stop();
  // As if sent an hour ago: a click a few milliseconds after the send is a machine's, not a person's.
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  await h.database.db
    .updateTable('recipients')
    .set({ sent_at: hourAgo })
    .where('campaign_id', '=', campaignId)
    .execute();
  const rows = await h.database.db
    .selectFrom('recipients')
    .select(['email', 'rid'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return { tenant, campaignId, rids: new Map(rows.map((r) => [r.email ?? '', r.rid])) };
}

let net = 0;

/** The link opened in a person's browser, and the page's click report of a real gesture. */
export async function personClicks(h: Pick<Harness, 'app'>, rid: string) {
  const ip = `198.18.${++net % 250}.${(net % 200) + 10}`;
  await h.app.inject({
    method: 'GET',
    url: `/phish?rid=${rid}`,
    headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
    remoteAddress: ip,
  });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
    payload: JSON.stringify({
      rid,
      type: 'clicked',
      details: { elapsed_ms: 2000, reason: 'user_gesture', gesture: 'pointer', evidence: PERSON },
    }),
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`click not recorded: ${res.body}`);
}

/** A mail gateway's sandbox: opens the link and runs the page in an automated browser. */
export async function scannerVisits(h: Harness, rid: string) {
  const ip = '203.0.113.77';
  await h.app.inject({
    method: 'GET',
    url: `/phish?rid=${rid}`,
    headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
    remoteAddress: ip,
  });
  await h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
    payload: JSON.stringify({
      rid,
      type: 'clicked',
      details: { elapsed_ms: 300, reason: 'render_beacon', evidence: { ...PERSON, webdriver: true } },
    }),
    remoteAddress: ip,
  });
}

/** The report button pressed on the message. */
export async function reports(h: Harness, rid: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/report',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ rid }),
  });
  if (res.statusCode >= 300) throw new Error(`report not recorded: ${res.body}`);
}

/** A training worker run by hand, on a clock the test sets. */
export function trainingWorkerAt(h: Pick<Harness, 'config' | 'database' | 'app'>, clock: { now: Date }) {
  return trainingWorker({ config: h.config, database: h.database }, h.app.log, {
    loop: false,
    clock: () => clock.now,
  });
}

/** The rid in a training e-mail's link, and the link's path. */
export function trainingLinkOf(text: string): { path: string; rid: string } {
  const match = /https?:\/\/[^/\s]+(\/phish\/[a-z_]+)\?rid=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no training link in: ${text}`);
  return { path: match[1]!, rid: match[2]! };
}
