/**
 * Fixtures for automations on a compressed clock: people provisioned by the directory (SCIM) in
 * several time zones, departments and languages, an automation sending to them through the SMTP
 * sink, its month plan, the outbox drained, and a person's click on an automation's message.
 */
import { expect } from 'vitest';
import type { AutomationPlan } from '@shared/automations';
import type { CampaignData } from '@shared/campaign';
import { LANGUAGE_CODES } from '@shared/languages';
import type { ClickEvidence } from '@shared/journey';
import { SCIM_ENTERPRISE_USER } from '@shared/scim';
import { PERSON } from './click-fixtures';
import type { TestTenant } from './admin-fixtures';
import type { Harness } from './harness';
import { scimClient } from './scim-fixtures';
import { trainingLinkOf } from './training-fixtures';
import type { OutboxWorker } from '../modules/sending/outbox-worker';
import { renderTrainingEmail } from '../modules/training/training-email';

export const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
  'America/Los_Angeles',
];
export const DEPARTMENTS = ['Finance', 'Sales', 'IT', 'HR', 'Operations'];
export const LANGUAGES = ['en', 'de', 'ar', 'ja', 'fr'];
export const HOUR = 3_600_000;

export interface Someone {
  id: string;
  email: string;
  department: string;
  /** The zone the directory gave; the tenth person of each ten has none (the automation's is used). */
  zone: string;
}

let domain = 0;

/** People provisioned by the directory (SCIM), each with a department, a language and mostly a time zone. */
export async function provision(h: Harness, tenant: TestTenant, count: number): Promise<Someone[]> {
  const scim = await scimClient(h, tenant);
  const host = `acme${++domain}.example`;
  const people: Someone[] = [];
  for (let i = 0; i < count; i++) {
    const zone = i % 10 === 9 ? null : ZONES[i % ZONES.length]!;
    const email = `p${i}@${host}`;
    const res = await scim.request('POST', '/Users', {
      userName: email,
      emails: [{ value: email, primary: true }],
      name: { givenName: `P${i}`, familyName: 'Tester' },
      preferredLanguage: LANGUAGES[i % LANGUAGES.length],
      ...(zone ? { timezone: zone } : {}),
      [SCIM_ENTERPRISE_USER]: { department: DEPARTMENTS[Math.floor(i / 10) % DEPARTMENTS.length] },
    });
    expect(res.statusCode, res.body).toBe(201);
    people.push({
      id: res.json<{ id: string }>().id,
      email,
      department: DEPARTMENTS[Math.floor(i / 10) % DEPARTMENTS.length]!,
      zone: zone ?? 'Europe/London',
    });
  }
  return people;
}

export async function createAutomation(h: Harness, tenant: TestTenant, profile: string) {
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/automations',
    headers: tenant.headers,
    payload: {
      name: 'Monthly',
      audience: { kind: 'all' },
      profile_id: profile,
      working_hours: { start: '09:00', end: '17:00' },
      time_zone: 'Europe/London',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

export async function planOf(h: Harness, tenant: TestTenant, id: string, month: string) {
  const res = await h.admin.inject({
    method: 'GET',
    url: `/api/admin/automations/${id}/plan?month=${month}`,
    headers: tenant.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutomationPlan>();
}

/** Removed (the worker's later rounds in this file leave it alone); the campaigns it sent stay. */
export async function remove(h: Harness, tenant: TestTenant, id: string) {
  const url = `/api/admin/automations/${id}`;
  expect((await h.admin.inject({ method: 'DELETE', url, headers: tenant.headers })).statusCode).toBe(204);
  expect((await h.admin.inject({ method: 'GET', url, headers: tenant.headers })).statusCode).toBe(404);
}

/** The app's context on the outbox's compressed clock (SENDING_TIME_SCALE): a campaign's messages go out at once. */
export function compressed(h: Pick<Harness, 'config' | 'database'>) {
  return { config: { ...h.config, sending: { ...h.config.sending, timeScale: 1e9 } }, database: h.database };
}

/** Times from `from` every `every` ms, then the last second before `end`. */
export function steps(from: number, end: number, every: number): number[] {
  const times: number[] = [];
  for (let t = from; t < end - 1000; t += every) times.push(t);
  return [...times, end - 1000];
}

/** Sends whatever the outbox has queued. */
export async function drainOutbox(...workers: OutboxWorker[]) {
  for (let idle = 0; idle < 2;) {
    const sent = (await Promise.all(workers.map((w) => w.runOnce()))).reduce((a, b) => a + b, 0);
    idle = sent === 0 ? idle + 1 : 0;
  }
}

export const nextMonthStart = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1);
};

/**
 * `count` calendar months (YYYY-MM) starting two months after today's: the planner's clock runs
 * through them after every real send, click and report, so a worker on that clock (training's)
 * finds them in its past, as it would in production.
 */
export function futureMonths(count: number, today = new Date()): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2 + i, 1)).toISOString().slice(0, 7),
  );
}

/** A person's click on the phishing page, with their own gesture from their own address. */
export async function click(h: Harness, rid: string, n: number) {
  const evidence: ClickEvidence = {
    ...PERSON,
    pointer_type: 'mouse',
    moves: 12 + (n % 60) * 7,
    keys: 0,
    gesture_after_ms: 1400 + (n % 60) * 650,
    press_x: 100 + n,
    press_y: 310 + (n % 4),
  };
  const remoteAddress = `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  await h.app.inject({
    method: 'GET',
    url: `/phish?rid=${rid}`,
    headers: {
      accept: 'text/html',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    },
    remoteAddress,
  });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    },
    payload: JSON.stringify({
      rid,
      type: 'clicked',
      details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 2000, evidence },
    }),
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Every training e-mail's subject in every language, to tell them from the simulations. */
export const TRAINING_SUBJECTS = new Set(
  LANGUAGE_CODES.flatMap((language) =>
    (['invitation', 'reminder', 'praise'] as const).map(
      (kind) => renderTrainingEmail(kind, language, { first_name: null, link: null }).subject,
    ),
  ),
);

export const trainingSubject = (kind: 'invitation' | 'reminder' | 'praise', language: string) =>
  renderTrainingEmail(kind, language, { first_name: null, link: null }).subject;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The person opens the training their first invitation links to and finishes it (its pages and
 * its questionnaire, each question answered with its first option); undefined while no
 * invitation has reached them.
 */
export async function completeTraining(
  h: Pick<Harness, 'app'>,
  mails: readonly Mail[],
  language: string,
): Promise<string | undefined> {
  const invitation = mails.find((m) => m.subject === trainingSubject('invitation', language));
  if (!invitation) return undefined;
  const { rid } = trainingLinkOf(invitation.text);
  const data = (await h.app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).json<CampaignData>();
  const event = async (type: string, details?: object) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ rid, type, ...(details ? { details } : {}) }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  for (const step of data.navigation)
    if (step !== 'questionnaire' && step !== 'entry_text') await event(`${step}_viewed`);
  const answers = Object.fromEntries(data.questionnaires.questions.map((q) => [q.id, [q.options[0]!.id]]));
  await event('questionnaire_completed', { answers });
  await event('completed');
  return rid;
}
