/**
 * Tenant isolation over every /api/admin route, every SCIM route and every GoPhish path, listed
 * from the app itself: a route added later fails this test until it has a row here. Tenant A's
 * key gets a plain 404 for each of tenant B's objects (GoPhish's own 404 on its paths), for every
 * verb; A's lists never show B's data; A's writes land in A's tenant; and B's rows are
 * byte-for-byte unchanged at the end.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@server/db/database';
import { databaseKinds } from '@server/test/harness';
import { GOPHISH_PATH, isGophishErrorShape, TABLES } from './support/api';
import { ownApp, type OwnApp } from './support/app';
import { seedTenantData, type Seeded } from './support/seed';
import { tally } from './support/tally';

const SCENARIO_FIXTURES = path.join(import.meta.dirname, '../src/server/modules/scenarios/fixtures');

type Expect = 'not found' | 'no leak' | 'own tenant' | 'no session' | 'no user' | 'sign-in refused';
interface Case {
  url: (b: Seeded) => string;
  expect: Expect;
  payload?: object | string | ((b: Seeded) => object);
  contentType?: string;
}

/** Keyed by "METHOD route" exactly as Fastify registers it. */
const CASES: Record<string, Case> = {
  // Sign-in is not an API-key route: with a key and no cookie there is no session to show.
  'GET /api/admin/session': { url: () => '/api/admin/session', expect: 'no session' },
  'POST /api/admin/session': {
    url: () => '/api/admin/session',
    expect: 'no session',
    payload: { email: 'owner@tenant-b.example', password: 'not the password' },
  },
  'DELETE /api/admin/session': { url: () => '/api/admin/session', expect: 'no leak' },
  // Single sign-on answers with redirects; a key is no way in: back to the sign-in page.
  'GET /api/admin/sso/start': {
    url: () => '/api/admin/sso/start?email=owner%40tenant-b.example',
    expect: 'sign-in refused',
  },
  'GET /api/admin/sso/callback': {
    url: () => '/api/admin/sso/callback?code=stolen&state=not-issued',
    expect: 'sign-in refused',
  },
  'GET /api/admin/settings/sso': { url: () => '/api/admin/settings/sso', expect: 'no leak' },
  'PUT /api/admin/settings/sso': {
    url: () => '/api/admin/settings/sso',
    expect: 'own tenant',
    payload: {
      issuer: 'https://login.tenant-a.example',
      client_id: 'hookwise',
      client_secret: 'a secret',
      allowed_domains: ['tenant-a.example'],
      role_values: { owner: ['owners'], operator: [], viewer: [] },
    },
  },
  // A signed-in user's own two-step sign-in: an API key is nobody's account (403).
  'GET /api/admin/account/mfa': { url: () => '/api/admin/account/mfa', expect: 'no user' },
  'POST /api/admin/account/mfa/start': { url: () => '/api/admin/account/mfa/start', expect: 'no user' },
  'POST /api/admin/account/mfa/confirm': {
    url: () => '/api/admin/account/mfa/confirm',
    expect: 'no user',
    payload: { code: '123456' },
  },
  'POST /api/admin/account/mfa/disable': {
    url: () => '/api/admin/account/mfa/disable',
    expect: 'no user',
    payload: { code: '123456' },
  },
  'POST /api/admin/users/:id/mfa/reset': {
    url: (b) => `/api/admin/users/${b.userId}/mfa/reset`,
    expect: 'not found',
  },
  'GET /api/admin/settings/mfa': { url: () => '/api/admin/settings/mfa', expect: 'no leak' },
  'PUT /api/admin/settings/mfa': {
    url: () => '/api/admin/settings/mfa',
    expect: 'own tenant',
    payload: { required: false },
  },
  'GET /api/admin/users': { url: () => '/api/admin/users', expect: 'no leak' },
  'POST /api/admin/users': {
    url: () => '/api/admin/users',
    expect: 'own tenant',
    payload: {
      email: 'new@tenant-a.example',
      name: 'New',
      role: 'viewer',
      password: 'a long enough password',
    },
  },
  'PATCH /api/admin/users/:id': {
    url: (b) => `/api/admin/users/${b.userId}`,
    expect: 'not found',
    payload: { role: 'viewer' },
  },
  'POST /api/admin/users/:id/password': {
    url: (b) => `/api/admin/users/${b.userId}/password`,
    expect: 'not found',
    payload: { password: 'a long enough password' },
  },
  'GET /api/admin/audit': { url: () => '/api/admin/audit', expect: 'no leak' },
  'GET /api/admin/audit.csv': { url: () => '/api/admin/audit.csv', expect: 'no leak' },
  'GET /api/admin/audit/actors': { url: () => '/api/admin/audit/actors', expect: 'no leak' },
  'GET /api/admin/audit.json': { url: () => '/api/admin/audit.json', expect: 'no leak' },
  'GET /api/admin/settings/audit-retention': {
    url: () => '/api/admin/settings/audit-retention',
    expect: 'no leak',
  },
  'GET /api/admin/mail-intake': { url: () => '/api/admin/mail-intake', expect: 'no leak' },
  'PUT /api/admin/mail-intake': {
    url: () => '/api/admin/mail-intake',
    expect: 'own tenant',
    payload: {
      imap: { enabled: false, host: null, port: null, tls: true, user: null },
      smtp: { addresses: ['reports-a@tenant-a.example'], allowed_domains: [] },
    },
  },
  'GET /api/admin/report-followup': { url: () => '/api/admin/report-followup', expect: 'no leak' },
  'PUT /api/admin/report-followup': {
    url: () => '/api/admin/report-followup',
    expect: 'own tenant',
    payload: {
      reviewers: ['analyst@tenant-a.example'],
      profile_id: null,
      answers_enabled: false,
      answer_domains: [],
    },
  },
  'GET /api/admin/mail-reports': { url: () => '/api/admin/mail-reports', expect: 'no leak' },
  'GET /api/admin/mail-reports/clusters': {
    url: () => '/api/admin/mail-reports/clusters',
    expect: 'no leak',
  },
  'POST /api/admin/mail-reports/clusters/decision': {
    url: () => '/api/admin/mail-reports/clusters/decision',
    expect: 'not found',
    payload: (b) => ({ cluster: b.clusterKey, decision: 'TP' }),
  },
  'POST /api/admin/mail-reports': {
    url: () => '/api/admin/mail-reports',
    expect: 'own tenant',
    contentType: 'message/rfc822',
    payload: 'From: a@tenant-a.example\r\nSubject: Fw: test\r\n\r\nhttps://reported-by-a.example/x\r\n',
  },
  'PUT /api/admin/settings/audit-retention': {
    url: () => '/api/admin/settings/audit-retention',
    expect: 'own tenant',
    payload: { days: 3650 },
  },
  'PUT /api/admin/campaigns/:id/content': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/content`,
    expect: 'not found',
    payload: { name: 'Hijacked', phishing: {}, awareness: { content: 'x' } },
  },
  'POST /api/admin/campaigns/:id/duplicate': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/duplicate`,
    expect: 'not found',
  },
  'POST /api/admin/campaigns/:id/launch': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/launch`,
    expect: 'not found',
    payload: {},
  },
  'POST /api/admin/campaigns/:id/preview': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/preview`,
    expect: 'not found',
    payload: { language: 'de' },
  },
  'POST /api/admin/campaigns/:id/email-preview': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/email-preview`,
    expect: 'not found',
    payload: { language: 'de' },
  },
  'GET /api/admin/campaigns/:id/languages': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/languages`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/recipients': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/recipients`,
    expect: 'not found',
  },
  'DELETE /api/admin/campaigns/:id/recipients/:recipientId': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/recipients/${b.recipientId}`,
    expect: 'not found',
  },
  'POST /api/admin/campaigns/:id/recipients/from-people': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/recipients/from-people`,
    expect: 'not found',
    payload: { audience: { kind: 'all' } },
  },
  'GET /api/admin/people': { url: () => '/api/admin/people', expect: 'no leak' },
  'GET /api/admin/scenarios': { url: () => '/api/admin/scenarios?language=de', expect: 'no leak' },
  'GET /api/admin/scenarios/:id': { url: (b) => `/api/admin/scenarios/${b.scenarioId}`, expect: 'not found' },
  'PUT /api/admin/scenarios/:id': {
    url: (b) => `/api/admin/scenarios/${b.scenarioId}`,
    expect: 'not found',
    payload: {
      lure: 'shared_document',
      difficulty: 1,
      reply_based: false,
      texts: { en: { title: 'Hijacked', summary: 'Hijacked.', level_reason: 'Hijacked.' } },
      campaign: { name: 'Hijacked', phishing: {}, awareness: { content: 'Hijacked.' } },
    },
  },
  'DELETE /api/admin/scenarios/:id': {
    url: (b) => `/api/admin/scenarios/${b.scenarioId}`,
    expect: 'not found',
  },
  'POST /api/admin/scenarios/:id/campaign': {
    url: (b) => `/api/admin/scenarios/${b.scenarioId}/campaign`,
    expect: 'not found',
    payload: {},
  },
  'POST /api/admin/scenarios/:id/copy': {
    url: (b) => `/api/admin/scenarios/${b.scenarioId}/copy`,
    expect: 'not found',
    payload: {},
  },
  'POST /api/admin/scenarios/:id/preview': {
    url: (b) => `/api/admin/scenarios/${b.scenarioId}/preview`,
    expect: 'not found',
    payload: { language: 'en' },
  },
  'GET /api/admin/people/groups': { url: () => '/api/admin/people/groups', expect: 'no leak' },
  'GET /api/admin/people/:id/history': {
    url: (b) => `/api/admin/people/${b.personId}/history`,
    expect: 'not found',
  },
  'PATCH /api/admin/people/:id': {
    url: (b) => `/api/admin/people/${b.personId}`,
    expect: 'not found',
    payload: { time_zone: 'Asia/Tokyo' },
  },
  'GET /api/admin/people/lists/repeat-offenders': {
    url: () => '/api/admin/people/lists/repeat-offenders?clicks=1',
    expect: 'no leak',
  },
  'GET /api/admin/people/lists/never-reported': {
    url: () => '/api/admin/people/lists/never-reported',
    expect: 'no leak',
  },
  'GET /api/admin/people/lists/top-reporters': {
    url: () => '/api/admin/people/lists/top-reporters',
    expect: 'no leak',
  },
  'GET /api/admin/people/risky': { url: () => '/api/admin/people/risky?band=low', expect: 'no leak' },
  'GET /api/admin/people/filters': { url: () => '/api/admin/people/filters', expect: 'no leak' },
  // A's own filter; the same name as B's is no conflict across tenants.
  'POST /api/admin/people/filters': {
    url: () => '/api/admin/people/filters',
    expect: 'own tenant',
    payload: { name: 'Tenant B filter', filter: { never_reported: true } },
  },
  'PUT /api/admin/people/filters/:id': {
    url: (b) => `/api/admin/people/filters/${b.filterId}`,
    expect: 'not found',
    payload: { name: 'Hijacked', filter: {} },
  },
  'DELETE /api/admin/people/filters/:id': {
    url: (b) => `/api/admin/people/filters/${b.filterId}`,
    expect: 'not found',
  },
  'GET /api/admin/automations': { url: () => '/api/admin/automations', expect: 'no leak' },
  // A's automation may not send through B's profile, nor to B's smart group.
  'POST /api/admin/automations': {
    url: () => '/api/admin/automations',
    expect: 'not found',
    payload: (b) => ({
      name: 'Hijack',
      audience: { kind: 'filter', filter_id: b.filterId },
      profile_id: b.profileId,
    }),
  },
  'GET /api/admin/automations/:id': {
    url: (b) => `/api/admin/automations/${b.automationId}`,
    expect: 'not found',
  },
  'PATCH /api/admin/automations/:id': {
    url: (b) => `/api/admin/automations/${b.automationId}`,
    expect: 'not found',
    payload: { name: 'Hijacked' },
  },
  'DELETE /api/admin/automations/:id': {
    url: (b) => `/api/admin/automations/${b.automationId}`,
    expect: 'not found',
  },
  'POST /api/admin/automations/:id/pause': {
    url: (b) => `/api/admin/automations/${b.automationId}/pause`,
    expect: 'not found',
  },
  'POST /api/admin/automations/:id/resume': {
    url: (b) => `/api/admin/automations/${b.automationId}/resume`,
    expect: 'not found',
  },
  'GET /api/admin/automations/:id/plan': {
    url: (b) => `/api/admin/automations/${b.automationId}/plan`,
    expect: 'not found',
  },
  'GET /api/admin/programme/report': {
    url: () => '/api/admin/programme/report',
    expect: 'no leak',
  },
  'GET /api/admin/training/policy': { url: () => '/api/admin/training/policy', expect: 'no leak' },
  'PUT /api/admin/training/policy': {
    url: () => '/api/admin/training/policy',
    expect: 'own tenant',
    payload: { on_click: true, on_submit: false, reminder_days: 7, praise_reporters: false },
  },
  'GET /api/admin/training/assignments': { url: () => '/api/admin/training/assignments', expect: 'no leak' },
  // B's person and B's simulation: neither exists for A.
  'POST /api/admin/training/assignments': {
    url: () => '/api/admin/training/assignments',
    expect: 'not found',
    payload: (b) => ({ person: b.personId, campaign_id: b.campaignId }),
  },
  'GET /api/admin/settings/scim': { url: () => '/api/admin/settings/scim', expect: 'no leak' },
  // A's own token: minted (replacing A's), then revoked; B's token keeps working (checked below).
  'POST /api/admin/settings/scim/token': {
    url: () => '/api/admin/settings/scim/token',
    expect: 'own tenant',
  },
  'DELETE /api/admin/settings/scim/token': {
    url: () => '/api/admin/settings/scim/token',
    expect: 'own tenant',
  },
  'GET /api/admin/keys': { url: () => '/api/admin/keys', expect: 'no leak' },
  'POST /api/admin/keys': { url: () => '/api/admin/keys', expect: 'own tenant' },
  'DELETE /api/admin/keys/:prefix': { url: (b) => `/api/admin/keys/${b.keyPrefix}`, expect: 'not found' },
  'GET /api/admin/campaigns': { url: () => '/api/admin/campaigns', expect: 'no leak' },
  'POST /api/admin/campaigns': {
    url: () => '/api/admin/campaigns',
    expect: 'own tenant',
    payload: { name: 'A campaign', phishing: {}, awareness: { content: 'x' } },
  },
  'GET /api/admin/campaigns/:id': { url: (b) => `/api/admin/campaigns/${b.campaignId}`, expect: 'not found' },
  'PATCH /api/admin/campaigns/:id': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}`,
    expect: 'not found',
    payload: { ends_at: '2030-01-01T00:00:00Z' },
  },
  'POST /api/admin/campaigns/:id/end': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/end`,
    expect: 'not found',
  },
  'POST /api/admin/campaigns/:id/recipients': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/recipients`,
    expect: 'not found',
    payload: 'email\nintruder@example.com\n',
    contentType: 'text/csv',
  },
  'GET /api/admin/campaigns/:id/links': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/links`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/links.csv': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/links.csv`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/results': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/results`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/results.csv': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/results.csv?pseudonymise=true`,
    expect: 'not found',
  },
  'POST /api/admin/reports': {
    url: () => '/api/admin/reports',
    expect: 'own tenant',
    payload: { urls: ['https://reported-tenant-b.example/a'] },
  },
  'GET /api/admin/reports': { url: () => '/api/admin/reports', expect: 'no leak' },
  'DELETE /api/admin/reports/:id': { url: (b) => `/api/admin/reports/${b.reportId}`, expect: 'not found' },
  'GET /api/admin/campaigns/:id/dashboard': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/dashboard`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/results/recipients': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/results/recipients?verdict=not_visited`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/results/recipients/:recipientId': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/results/recipients/${b.recipientId}`,
    expect: 'not found',
  },
  'GET /api/admin/trends': { url: () => '/api/admin/trends', expect: 'no leak' },
  'POST /api/admin/reviewer-links': {
    url: () => '/api/admin/reviewer-links',
    expect: 'own tenant',
    payload: { urls: ['https://reported-tenant-b.example/a'], reviewer: 'A reviewer' },
  },
  'GET /api/admin/reviewer-links': { url: () => '/api/admin/reviewer-links', expect: 'no leak' },
  'DELETE /api/admin/reviewer-links/:id': {
    url: (b) => `/api/admin/reviewer-links/${b.reviewerLinkId}`,
    expect: 'not found',
  },
  'GET /api/admin/reports/history': {
    url: (b) => `/api/admin/reports/history?url=${encodeURIComponent(b.reportedUrl)}`,
    expect: 'not found',
  },
  'GET /api/admin/malicious-urls': { url: () => '/api/admin/malicious-urls', expect: 'no leak' },
  'GET /api/admin/malicious-urls.txt': { url: () => '/api/admin/malicious-urls.txt', expect: 'no leak' },
  // The feeds: A's key gets A's list; B's URLs, id and name never show.
  'GET /api/admin/feeds/blocklist.txt': { url: () => '/api/admin/feeds/blocklist.txt', expect: 'no leak' },
  'GET /api/admin/feeds/malicious-urls.csv': {
    url: () => '/api/admin/feeds/malicious-urls.csv',
    expect: 'no leak',
  },
  'GET /api/admin/feeds/stix.json': { url: () => '/api/admin/feeds/stix.json', expect: 'no leak' },
  'GET /api/admin/feeds/misp.json': { url: () => '/api/admin/feeds/misp.json', expect: 'no leak' },
  'POST /api/admin/malicious-urls': {
    url: () => '/api/admin/malicious-urls',
    expect: 'own tenant',
    payload: { urls: ['https://bad-tenant-b.example/'] },
  },
  'GET /api/admin/sending-profiles': { url: () => '/api/admin/sending-profiles', expect: 'no leak' },
  'POST /api/admin/sending-profiles': {
    url: () => '/api/admin/sending-profiles',
    expect: 'own tenant',
    payload: { name: 'A relay', host: 'smtp.a.example', port: 25, tls: 'none', envelope_from: 'b@a.example' },
  },
  'GET /api/admin/sending-profiles/:id': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}`,
    expect: 'not found',
  },
  'PUT /api/admin/sending-profiles/:id': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}`,
    expect: 'not found',
    payload: { name: 'Taken', host: 'smtp.a.example', port: 25, tls: 'none', envelope_from: 'b@a.example' },
  },
  'DELETE /api/admin/sending-profiles/:id': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}`,
    expect: 'not found',
  },
  'POST /api/admin/sending-profiles/:id/test': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}/test`,
    expect: 'not found',
    payload: { to: 'intruder@example.com' },
  },
  'GET /api/admin/sending-profiles/:id/allowlist': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}/allowlist`,
    expect: 'not found',
  },
  'GET /api/admin/sending-profiles/:id/allowlist-checks': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}/allowlist-checks`,
    expect: 'not found',
  },
  'POST /api/admin/sending-profiles/:id/allowlist-checks': {
    url: (b) => `/api/admin/sending-profiles/${b.profileId}/allowlist-checks`,
    expect: 'not found',
    payload: { to: 'intruder@example.com' },
  },
  'GET /api/admin/settings/egress-networks': {
    url: () => '/api/admin/settings/egress-networks',
    expect: 'no leak',
  },
  'PUT /api/admin/settings/egress-networks': {
    url: () => '/api/admin/settings/egress-networks',
    expect: 'own tenant',
    payload: { networks: ['203.0.113.0/24'] },
  },
  'GET /api/admin/sending-health': { url: () => '/api/admin/sending-health', expect: 'no leak' },
  'POST /api/admin/campaigns/:id/sending/summary': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/sending/summary`,
    expect: 'not found',
    payload: {},
  },
  'POST /api/admin/campaigns/:id/email-test': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/email-test`,
    expect: 'not found',
    payload: { profile_id: 'x', to: 'intruder@example.com', language: 'en' },
  },
  'GET /api/admin/campaigns/:id/sending': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/sending`,
    expect: 'not found',
  },
  'POST /api/admin/campaigns/:id/sending': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/sending`,
    expect: 'not found',
    payload: { profile_id: 'x' },
  },
  'POST /api/admin/campaigns/:id/sending/pause': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/sending/pause`,
    expect: 'not found',
  },
  'POST /api/admin/campaigns/:id/sending/resume': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/sending/resume`,
    expect: 'not found',
  },
  'POST /api/admin/campaigns/:id/sending/cancel': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/sending/cancel`,
    expect: 'not found',
  },
  'GET /api/admin/campaigns/:id/imported-timeline': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/imported-timeline`,
    expect: 'not found',
  },
  'POST /api/admin/import/gophish': {
    url: () => '/api/admin/import/gophish',
    expect: 'own tenant',
    payload: {
      template: { name: 'From GoPhish', subject: 'Hi', text: 'Go {{.URL}}', envelope_sender: 'a@a.example' },
    },
  },
  // B's campaign is looked up before anything is fetched: a 404, and no request leaves.
  'POST /api/admin/campaigns/:id/import-site': {
    url: (b) => `/api/admin/campaigns/${b.campaignId}/import-site`,
    expect: 'not found',
    payload: { url: 'https://portal.example.net/login/' },
  },
  'GET /api/admin/webhooks': { url: () => '/api/admin/webhooks', expect: 'no leak' },
  'POST /api/admin/webhooks': {
    url: () => '/api/admin/webhooks',
    expect: 'own tenant',
    payload: { url: 'https://hooks.a.example/in', events: ['click.judged'] },
  },
  'GET /api/admin/webhooks/:id': { url: (b) => `/api/admin/webhooks/${b.webhookId}`, expect: 'not found' },
  'PATCH /api/admin/webhooks/:id': {
    url: (b) => `/api/admin/webhooks/${b.webhookId}`,
    expect: 'not found',
    payload: { enabled: false },
  },
  'DELETE /api/admin/webhooks/:id': { url: (b) => `/api/admin/webhooks/${b.webhookId}`, expect: 'not found' },
  'GET /api/admin/webhook-deliveries': { url: () => '/api/admin/webhook-deliveries', expect: 'no leak' },
  'POST /api/admin/webhook-deliveries/:id/redeliver': {
    url: (b) => `/api/admin/webhook-deliveries/${b.deliveryId}/redeliver`,
    expect: 'not found',
  },
  'DELETE /api/admin/malicious-urls': {
    url: (b) => `/api/admin/malicious-urls?url=${encodeURIComponent(b.maliciousUrl)}`,
    expect: 'not found',
  },
};

/** SCIM routes (their own door, /scim/v2 with the tenant's SCIM token), keyed as Fastify registers them. */
type ScimExpect = 'not found' | 'no leak' | 'own tenant' | 'refused';
const SCIM_PATCH = { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] };
const SCIM_CASES: Record<string, { url: (b: Seeded) => string; expect: ScimExpect; payload?: object }> = {
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [
      `${method} /scim/v2/*`,
      {
        url: () => '/scim/v2/Bulk',
        expect: 'not found' as const,
        payload: method === 'GET' ? undefined : {},
      },
    ]),
  ),
  'GET /scim/v2/ServiceProviderConfig': { url: () => '/scim/v2/ServiceProviderConfig', expect: 'no leak' },
  'GET /scim/v2/ResourceTypes': { url: () => '/scim/v2/ResourceTypes', expect: 'no leak' },
  'GET /scim/v2/Schemas': { url: () => '/scim/v2/Schemas', expect: 'no leak' },
  'GET /scim/v2/Users': {
    url: () => `/scim/v2/Users?filter=${encodeURIComponent('userName eq "directory.user@tenant-b.example"')}`,
    expect: 'no leak',
  },
  // The same userName in A is A's own person.
  'POST /scim/v2/Users': {
    url: () => '/scim/v2/Users',
    expect: 'own tenant',
    payload: { userName: 'directory.user@tenant-b.example' },
  },
  'GET /scim/v2/Users/:id': { url: (b) => `/scim/v2/Users/${b.personId}`, expect: 'not found' },
  'PUT /scim/v2/Users/:id': {
    url: (b) => `/scim/v2/Users/${b.personId}`,
    expect: 'not found',
    payload: { userName: 'hijacked@tenant-a.example', active: false },
  },
  'PATCH /scim/v2/Users/:id': {
    url: (b) => `/scim/v2/Users/${b.personId}`,
    expect: 'not found',
    payload: { ...SCIM_PATCH, Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
  },
  'DELETE /scim/v2/Users/:id': { url: (b) => `/scim/v2/Users/${b.personId}`, expect: 'not found' },
  'GET /scim/v2/Groups': {
    url: () => `/scim/v2/Groups?filter=${encodeURIComponent('displayName eq "Tenant B group"')}`,
    expect: 'no leak',
  },
  // B's person never becomes a member of A's group.
  'POST /scim/v2/Groups': {
    url: () => '/scim/v2/Groups',
    expect: 'refused',
    payload: { displayName: 'Tenant A stolen', members: [{ value: 'B-PERSON' }] },
  },
  'GET /scim/v2/Groups/:id': { url: (b) => `/scim/v2/Groups/${b.groupId}`, expect: 'not found' },
  'PUT /scim/v2/Groups/:id': {
    url: (b) => `/scim/v2/Groups/${b.groupId}`,
    expect: 'not found',
    payload: { displayName: 'Hijacked', members: [] },
  },
  'PATCH /scim/v2/Groups/:id': {
    url: (b) => `/scim/v2/Groups/${b.groupId}`,
    expect: 'not found',
    payload: { ...SCIM_PATCH, Operations: [{ op: 'Remove', path: 'members' }] },
  },
  'DELETE /scim/v2/Groups/:id': { url: (b) => `/scim/v2/Groups/${b.groupId}`, expect: 'not found' },
};

/** B's objects as GoPhish's API numbers them (per tenant: A may have its own id 1). */
interface GophishIds {
  campaign: number;
  group: number;
  template: number;
  page: number;
  smtp: number;
  user: number;
}
type GophishExpect = 'not found' | 'no leak' | 'own tenant' | 'refused' | 'not supported';
const GOPHISH_KIND: Record<string, keyof GophishIds> = {
  campaigns: 'campaign',
  groups: 'group',
  templates: 'template',
  pages: 'page',
  smtp: 'smtp',
  users: 'user',
};
const A_TARGETS = [{ email: 'gophish.target@tenant-a.example', first_name: 'Ada' }];
const A_TEMPLATE = { name: 'A template', subject: 'Hi', text: 'Go {{.URL}}' };
const A_PAGE = { name: 'A page', html: '<p>A</p>' };
const A_SMTP = { name: 'A relay', host: '127.0.0.1:2525', from_address: 'a@tenant-a.example', tls: 'none' };

/**
 * GoPhish's paths (modules/gophish-api), keyed by "METHOD path" without GoPhish's trailing slash:
 * both spellings are swept. An `:id` is B's object's GoPhish id; A's key must get GoPhish's 404.
 */
const GOPHISH_CASES: Record<string, { expect: GophishExpect; payload?: object | ((v: string) => object) }> = {
  'GET /api/campaigns': { expect: 'no leak' },
  // A cannot run a campaign from B's objects by their names: they are not there for A.
  'POST /api/campaigns': {
    expect: 'refused',
    payload: {
      name: 'A campaign',
      template: { name: 'Tenant B template 3' },
      page: { name: 'Tenant B page 3' },
      smtp: { name: 'Tenant B relay 3' },
      groups: [{ name: 'Tenant B gophish group 3' }],
    },
  },
  'GET /api/campaigns/summary': { expect: 'no leak' },
  'GET /api/campaigns/:id': { expect: 'not found' },
  'DELETE /api/campaigns/:id': { expect: 'not found' },
  'GET /api/campaigns/:id/results': { expect: 'not found' },
  'GET /api/campaigns/:id/summary': { expect: 'not found' },
  'GET /api/campaigns/:id/complete': { expect: 'not found' },
  'GET /api/groups': { expect: 'no leak' },
  'POST /api/groups': {
    expect: 'own tenant',
    payload: (v) => ({ name: `A group ${v}`, targets: A_TARGETS }),
  },
  'GET /api/groups/summary': { expect: 'no leak' },
  'GET /api/groups/:id/summary': { expect: 'not found' },
  'GET /api/groups/:id': { expect: 'not found' },
  'PUT /api/groups/:id': { expect: 'not found', payload: { name: 'Taken over', targets: A_TARGETS } },
  'DELETE /api/groups/:id': { expect: 'not found' },
  'GET /api/templates': { expect: 'no leak' },
  'POST /api/templates': {
    expect: 'own tenant',
    payload: (v) => ({ ...A_TEMPLATE, name: `A template ${v}` }),
  },
  'GET /api/templates/:id': { expect: 'not found' },
  'PUT /api/templates/:id': { expect: 'not found', payload: { ...A_TEMPLATE, name: 'Taken over' } },
  'DELETE /api/templates/:id': { expect: 'not found' },
  'GET /api/pages': { expect: 'no leak' },
  'POST /api/pages': { expect: 'own tenant', payload: (v) => ({ ...A_PAGE, name: `A page ${v}` }) },
  'GET /api/pages/:id': { expect: 'not found' },
  'PUT /api/pages/:id': { expect: 'not found', payload: { ...A_PAGE, name: 'Taken over' } },
  'DELETE /api/pages/:id': { expect: 'not found' },
  'GET /api/smtp': { expect: 'no leak' },
  'POST /api/smtp': { expect: 'own tenant', payload: (v) => ({ ...A_SMTP, name: `A relay ${v}` }) },
  'GET /api/smtp/:id': { expect: 'not found' },
  'PUT /api/smtp/:id': { expect: 'not found', payload: { ...A_SMTP, name: 'Taken over' } },
  'DELETE /api/smtp/:id': { expect: 'not found' },
  'GET /api/users': { expect: 'no leak' },
  'POST /api/users': {
    expect: 'own tenant',
    payload: (v) => ({ username: `gophish.${v}@tenant-a.example`, password: 'a long enough password' }),
  },
  'GET /api/users/:id': { expect: 'not found' },
  'PUT /api/users/:id': { expect: 'not found', payload: { username: 'x@tenant-a.example', role: 'admin' } },
  'DELETE /api/users/:id': { expect: 'not found' },
  // Answered with why, the same for every tenant.
  'POST /api/import/group': { expect: 'not supported' },
  'POST /api/import/email': { expect: 'not supported' },
  'POST /api/import/site': { expect: 'not supported' },
  'POST /api/util/send_test_email': { expect: 'not supported' },
  'GET /api/webhooks': { expect: 'not supported' },
  'POST /api/webhooks': { expect: 'not supported' },
  'GET /api/webhooks/:id': { expect: 'not supported' },
  'PUT /api/webhooks/:id': { expect: 'not supported' },
  'DELETE /api/webhooks/:id': { expect: 'not supported' },
  'POST /api/webhooks/:id/validate': { expect: 'not supported' },
  'GET /api/imap': { expect: 'not supported' },
  'POST /api/imap': { expect: 'not supported' },
  'POST /api/imap/validate': { expect: 'not supported' },
  'POST /api/reset': { expect: 'not supported' },
};
const GOPHISH_ORDER: GophishExpect[] = ['not found', 'not supported', 'refused', 'no leak', 'own tenant'];

const counts = tally('isolation', [
  'admin routes',
  'requests (route × verb)',
  'refused 404',
  'leaks',
  "B's rows changed",
]);

/** Everything tenant B owns, as text: compared before and after A's attempts. */
async function tenantRows(database: DatabaseConnection, tenantId: string): Promise<string> {
  const parts: string[] = [];
  // Every table with a tenant_id column (all but tenants itself).
  for (const table of TABLES.filter((t) => t !== 'tenants')) {
    const rows =
      await sql`select * from ${sql.table(table)} where tenant_id = ${tenantId} order by 1, 2`.execute(
        database.db,
      );
    parts.push(`${table}: ${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}

for (const kind of databaseKinds()) {
  describe(`tenant isolation over every admin route [${kind.name}]`, () => {
    let own: OwnApp;
    let a: Seeded;
    let b: Seeded;
    beforeAll(async () => {
      // A small scenario library of its own, so that B has a copy whatever the shipped one holds.
      own = await ownApp({ SCENARIO_LIBRARY_ROOT: SCENARIO_FIXTURES }, kind);
      a = await seedTenantData(own.admin, own.database, 'Tenant A');
      b = await seedTenantData(own.admin, own.database, 'Tenant B');
    });
    afterAll(() => own?.close());

    it("gives A a 404 for each of B's objects, for every verb, and leaves B untouched", async () => {
      const routes = own.adminRoutes
        .filter((route) => route.url.startsWith('/api/admin'))
        .flatMap((route) =>
          [route.method].flat().map((method) => ({ method, key: `${method} ${route.url}` })),
        );
      const withoutHead = routes.filter((route) => route.method !== 'HEAD');
      counts.set('admin routes', withoutHead.length);
      // A new admin route must be added to CASES: the isolation promise covers it too.
      expect(withoutHead.map((r) => r.key).filter((key) => !CASES[key])).toEqual([]);

      const bBefore = await tenantRows(own.database, b.tenantId);
      const secrets = [
        b.tenantId,
        b.campaignId,
        b.rid,
        b.keyPrefix,
        'Tenant B campaign',
        b.personId,
        b.groupId,
        'Tenant B group',
        'directory.user@tenant-b',
        b.scenarioId,
        'Tenant B scenario',
      ];
      // A's writes last: they repeat B's URLs on purpose, which A's own lists may then show.
      const writesLast = [...routes].sort(
        (x, y) =>
          Number(CASES[x.key]?.expect === 'own tenant') - Number(CASES[y.key]?.expect === 'own tenant'),
      );
      for (const route of writesLast) {
        const x = CASES[route.key.replace(/^HEAD /, 'GET ')];
        if (!x) throw new Error(`no isolation case for ${route.key}`);
        const res = await own.admin.inject({
          method: route.method as 'GET',
          url: x.url(b),
          headers: {
            authorization: `Bearer ${a.apiKey}`,
            ...(x.contentType ? { 'content-type': x.contentType } : {}),
          },
          ...(x.payload === undefined
            ? {}
            : { payload: typeof x.payload === 'function' ? x.payload(b) : x.payload }),
        });
        counts.add('requests (route × verb)');
        if (x.expect === 'not found') {
          expect(res.statusCode, route.key).toBe(404);
          counts.add('refused 404');
          if (route.method !== 'HEAD')
            expect(res.json(), route.key).toEqual({ error: { code: 'not_found', message: 'Not found' } });
          continue;
        }
        if (x.expect === 'no session') {
          expect(res.statusCode, route.key).toBe(401);
          continue;
        }
        if (x.expect === 'no user') {
          expect(res.statusCode, route.key).toBe(403);
          continue;
        }
        if (x.expect === 'sign-in refused') {
          expect(res.statusCode, route.key).toBe(303);
          expect(res.headers.location, route.key).toMatch(/^\/sign-in\?sso_error=[a-z_]+$/);
          continue;
        }
        expect(res.statusCode, route.key).toBeLessThan(300);
        if (x.expect === 'no leak')
          for (const url of [b.reportedUrl, b.maliciousUrl]) expect(res.body).not.toContain(url);
        // A's own writes may repeat B's URLs (they are A's then); B's ids and names must never show.
        const leaks = secrets.filter((secret) => res.body.includes(secret));
        counts.add('leaks', leaks.length);
        expect(leaks, route.key).toEqual([]);
      }
      const changed = (await tenantRows(own.database, b.tenantId)) !== bBefore;
      if (changed) counts.add("B's rows changed");
      expect(await tenantRows(own.database, b.tenantId)).toBe(bBefore);

      // B still reaches every one of its objects.
      for (const [key, x] of Object.entries(CASES)) {
        if (!key.startsWith('GET ') || ['no session', 'no user', 'sign-in refused'].includes(x.expect))
          continue;
        const res = await own.admin.inject({
          method: 'GET',
          url: x.url(b),
          headers: { authorization: `Bearer ${b.apiKey}` },
        });
        expect(res.statusCode, `B: ${key}`).toBe(200);
      }
    });

    it("gives A's key GoPhish's 404 for each of B's GoPhish ids, on every GoPhish route", async () => {
      const gophish = (key: string, method: string, url: string, payload?: object) =>
        own.admin.inject({
          method: method as 'GET',
          url,
          headers: {
            authorization: `Bearer ${key}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload ? { payload: JSON.stringify(payload) } : {}),
        });
      // B makes three of each through GoPhish's API (its last ids are numbers A has none of) and a campaign.
      const last = { group: 0, template: 0, page: 0, smtp: 0 };
      const made = async (kind: keyof typeof last, url: string, body: object) => {
        const res = await gophish(b.apiKey, 'POST', url, body);
        expect(res.statusCode, `B: ${url} ${res.body}`).toBe(201);
        last[kind] = res.json<{ id: number }>().id;
      };
      for (const n of [1, 2, 3]) {
        await made('group', '/api/groups/', {
          name: `Tenant B gophish group ${n}`,
          targets: [{ email: `gophish.${n}@tenant-b.example`, first_name: 'Bea' }],
        });
        await made('template', '/api/templates/', {
          name: `Tenant B template ${n}`,
          subject: 'Tenant B subject',
          text: 'Tenant B body {{.URL}}',
        });
        await made('page', '/api/pages/', { name: `Tenant B page ${n}`, html: '<p>Tenant B page</p>' });
        await made('smtp', '/api/smtp/', {
          name: `Tenant B relay ${n}`,
          host: '127.0.0.1:2526',
          from_address: 'relay@tenant-b.example',
          tls: 'none',
        });
      }
      const campaign = await gophish(b.apiKey, 'POST', '/api/campaigns/', {
        name: 'Tenant B gophish campaign',
        template: { name: 'Tenant B template 3' },
        page: { name: 'Tenant B page 3' },
        smtp: { name: 'Tenant B relay 3' },
        groups: [{ name: 'Tenant B gophish group 3' }],
      });
      expect(campaign.statusCode, campaign.body).toBe(201);
      const users = (await gophish(b.apiKey, 'GET', '/api/users/')).json<{ id: number }[]>();
      const ids: GophishIds = {
        ...last,
        campaign: campaign.json<{ id: number }>().id,
        user: Math.max(...users.map((u) => u.id)),
      };

      const routes = own.adminRoutes
        .filter((route) => GOPHISH_PATH.test(route.url))
        .flatMap((route) =>
          [route.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((method) => ({ method, url: route.url, key: `${method} ${route.url.replace(/\/$/, '')}` })),
        );
      expect(routes.length).toBeGreaterThan(40);
      // A new GoPhish route must be added to GOPHISH_CASES: the isolation promise covers it too.
      expect([...new Set(routes.map((r) => r.key).filter((key) => !GOPHISH_CASES[key]))]).toEqual([]);

      const bBefore = await tenantRows(own.database, b.tenantId);
      const secrets = [b.tenantId, 'Tenant B', 'tenant-b.example', 'relay@tenant-b'];
      const order = (key: string) => GOPHISH_ORDER.indexOf(GOPHISH_CASES[key]!.expect);
      for (const route of [...routes].sort((x, y) => order(x.key) - order(y.key))) {
        const x = GOPHISH_CASES[route.key]!;
        const kind = GOPHISH_KIND[route.url.split('/')[2] ?? ''];
        const url = route.url.replace(':id', String(kind ? ids[kind] : 1));
        // Each spelling of a path creates its own object: a name is taken once.
        const variant = route.url.endsWith('/') ? 'slash' : 'plain';
        const payload: object | undefined =
          typeof x.payload === 'function' ? (x.payload as (v: string) => object)(variant) : x.payload;
        const res = await gophish(a.apiKey, route.method, url, payload);
        counts.add('requests (route × verb)');
        const label = `${route.method} ${url}`;
        if (x.expect === 'not found') {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
          expect(isGophishErrorShape(res.json()), label).toBe(true);
          counts.add('refused 404');
        } else if (x.expect === 'not supported') {
          // Not served here: GoPhish's 404 saying where Hookwise does it.
          expect(res.statusCode, label).toBe(404);
          expect(isGophishErrorShape(res.json()), label).toBe(true);
        } else if (x.expect === 'refused') {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(res.json(), label).toEqual({ message: 'Template not found', success: false, data: null });
        } else {
          expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
        }
        const leaks = secrets.filter((secret) => res.body.includes(secret));
        counts.add('leaks', leaks.length);
        expect(leaks, label).toEqual([]);
      }
      expect(await tenantRows(own.database, b.tenantId)).toBe(bBefore);

      // B still reaches every one of its objects under the same ids.
      for (const route of routes.filter((r) => r.method === 'GET' && r.url.includes(':id'))) {
        const kind = GOPHISH_KIND[route.url.split('/')[2] ?? ''];
        if (!kind) continue;
        const url = route.url.replace(':id', String(ids[kind]));
        expect((await gophish(b.apiKey, 'GET', url)).statusCode, `B: ${url}`).toBe(200);
      }
    });

    it("gives A's SCIM token a 404 for each of B's people and groups, on every SCIM route", async () => {
      const scimRoutes = own.adminRoutes
        .filter((route) => route.url.startsWith('/scim/'))
        .flatMap((route) =>
          [route.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((m) => `${m} ${route.url}`),
        );
      expect(scimRoutes.length).toBeGreaterThan(10);
      // A new SCIM route must be added to SCIM_CASES: the isolation promise covers it too.
      expect(scimRoutes.filter((key) => !SCIM_CASES[key])).toEqual([]);
      const minted = await own.admin.inject({
        method: 'POST',
        url: '/api/admin/settings/scim/token',
        headers: { authorization: `Bearer ${a.apiKey}` },
      });
      const aToken = minted.json<{ token: string }>().token;
      const bBefore = await tenantRows(own.database, b.tenantId);
      const secrets = [b.tenantId, b.personId, b.groupId, 'Tenant B group', 'directory.user@tenant-b'];
      for (const key of scimRoutes) {
        const x = SCIM_CASES[key]!;
        const method = key.split(' ')[0] as 'GET';
        const payload = x.payload && JSON.parse(JSON.stringify(x.payload).replace('B-PERSON', b.personId));
        const res = await own.admin.inject({
          method,
          url: x.url(b),
          headers: {
            authorization: `Bearer ${aToken}`,
            ...(payload ? { 'content-type': 'application/scim+json' } : {}),
          },
          ...(payload ? { payload: JSON.stringify(payload) } : {}),
        });
        counts.add('requests (route × verb)');
        if (x.expect === 'not found') {
          expect(res.statusCode, key).toBe(404);
          expect(res.json(), key).toMatchObject({ status: '404' });
          counts.add('refused 404');
        } else if (x.expect === 'refused') {
          expect(res.statusCode, key).toBe(400);
        } else {
          expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
        }
        if (x.expect !== 'own tenant') {
          const leaks = secrets.filter((secret) => res.body.includes(secret));
          counts.add('leaks', leaks.length);
          expect(leaks, key).toEqual([]);
        }
      }
      expect(await tenantRows(own.database, b.tenantId)).toBe(bBefore);
      // B's own token still reaches B's person and group.
      for (const url of [`/scim/v2/Users/${b.personId}`, `/scim/v2/Groups/${b.groupId}`]) {
        const res = await own.admin.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${b.scimToken}` },
        });
        expect(res.statusCode, url).toBe(200);
      }
    });
  });
}
