/**
 * One tenant with something of everything (campaign, recipients, report, malicious URL, key,
 * sending profile, webhook endpoint and one delivery, a SCIM token with a person and a group it
 * provisioned, a saved filter of people),
 * made through the operator API, so hardening tests can aim at real ids as well as made-up ones.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseConnection } from '@server/db/database';
import { createUser } from '@server/modules/accounts/accounts.service';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { emitEvent } from '@server/modules/webhooks/webhooks.service';

export interface Seeded {
  tenantId: string;
  apiKey: string;
  campaignId: string;
  rid: string;
  reportId: string;
  keyPrefix: string;
  userId: string;
  recipientId: string;
  /** A reviewer link's id (its token's jti). */
  reviewerLinkId: string;
  profileId: string;
  webhookId: string;
  deliveryId: string;
  reportedUrl: string;
  maliciousUrl: string;
  /** The cluster of a real message reported by e-mail. */
  clusterKey: string;
  /** The tenant's SCIM token, a person and a group it provisioned. */
  scimToken: string;
  personId: string;
  groupId: string;
  /** The tenant's copy of the library's first scenario ('' when the library is empty). */
  scenarioId: string;
  /** A saved filter of people (a smart group). */
  filterId: string;
  /** An automation of the smart group's people, sent through the profile. */
  automationId: string;
  /** Real values for path parameters: campaign id, rid, report id, key prefix. */
  params: string[];
}

export async function seedTenantData(
  app: FastifyInstance,
  database: DatabaseConnection,
  name = 'Seeded',
): Promise<Seeded> {
  const { tenantId, apiKey } = await createTenant(database.db, name);
  const headers = { authorization: `Bearer ${apiKey}` };
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const reportedUrl = `https://reported-${slug}.example/a`;
  const maliciousUrl = `https://bad-${slug}.example/`;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object | string, type?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode >= 300) throw new Error(`seed ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<Record<string, unknown>>();
  };
  const campaign = await call('POST', '/api/admin/campaigns', {
    name: `${name} campaign`,
    phishing: {
      brand: 'Northwind',
      template_html: '<html><head></head><body><form><input name="u"></form></body></html>',
    },
    awareness: { content: 'This was a simulated phishing exercise.' },
  });
  const campaignId = String(campaign.id);
  await call(
    'POST',
    `/api/admin/campaigns/${campaignId}/recipients`,
    'email\nann@example.com\nbob@example.com\n',
    'text/csv',
  );
  const links = (await call('GET', `/api/admin/campaigns/${campaignId}/links`)) as {
    links: { rid: string }[];
  };
  const report = (await call('POST', '/api/admin/reports', { urls: [reportedUrl] })) as {
    reported: { id: string }[];
  };
  await call('POST', '/api/admin/malicious-urls', { urls: [maliciousUrl] });
  const mailReport = await call(
    'POST',
    '/api/admin/mail-reports',
    `From: staff@${slug}.example\r\nSubject: Fw: invoice\r\n\r\nhttps://phish-${slug}.example/pay\r\n`,
    'message/rfc822',
  );
  const reviewerLink = await call('POST', '/api/admin/reviewer-links', {
    urls: [reportedUrl],
    reviewer: `${name} reviewer`,
  });
  const keys = (await call('GET', '/api/admin/keys')) as { keys: { prefix: string }[] };
  const rid = links.links[0]?.rid ?? '';
  const recipients = (await call('GET', `/api/admin/campaigns/${campaignId}/recipients`)) as {
    items: { id: string }[];
  };
  const user = await createUser(database.db, tenantId, {
    email: `owner@${slug}.example`,
    name: `${name} owner`,
    role: 'owner',
    password: 'correct horse battery staple',
  });
  const profile = await call('POST', '/api/admin/sending-profiles', {
    name: `${name} relay`,
    host: 'smtp.example',
    port: 587,
    tls: 'starttls',
    username: 'relay',
    password: `${slug}-relay-password`,
    envelope_from: `bounces@${slug}.example`,
  });
  const webhook = await call('POST', '/api/admin/webhooks', {
    url: `https://hooks.${slug}.example/in`,
    events: ['review.decided'],
  });
  await emitEvent(database.db, { tenantId, type: 'review.decided', data: { url: reportedUrl } });
  const deliveries = (await call('GET', '/api/admin/webhook-deliveries')) as { deliveries: { id: string }[] };
  const scim = (await call('POST', '/api/admin/settings/scim/token')) as { token: string };
  const scimCall = async (url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${scim.token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify(payload),
    });
    if (res.statusCode !== 201) throw new Error(`seed SCIM ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string }>().id;
  };
  const personId = await scimCall('/scim/v2/Users', {
    userName: `directory.user@${slug}.example`,
    externalId: `${slug}-ext`,
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: `${name} department` },
  });
  const groupId = await scimCall('/scim/v2/Groups', {
    displayName: `${name} group`,
    members: [{ value: personId }],
  });
  const library = (await call('GET', '/api/admin/scenarios')) as { scenarios: { id: string }[] };
  const first = library.scenarios[0];
  const scenario = first
    ? ((await call('POST', `/api/admin/scenarios/${first.id}/copy`, { title: `${name} scenario` })) as {
        id: string;
      })
    : { id: '' };
  const filter = await call('POST', '/api/admin/people/filters', {
    name: `${name} filter`,
    filter: { department: `${name} department` },
  });
  const automation = await call('POST', '/api/admin/automations', {
    name: `${name} automation`,
    audience: { kind: 'filter', filter_id: String(filter.id) },
    profile_id: String(profile.id),
  });
  const reportId = report.reported[0]?.id ?? '';
  const keyPrefix = keys.keys[0]?.prefix ?? '';
  return {
    tenantId,
    apiKey,
    campaignId,
    rid,
    reportId,
    keyPrefix,
    userId: user.id,
    recipientId: recipients.items[0]?.id ?? '',
    reviewerLinkId: String(reviewerLink.id),
    clusterKey: String(mailReport.cluster),
    profileId: String(profile.id),
    webhookId: String(webhook.id),
    deliveryId: deliveries.deliveries[0]?.id ?? '',
    reportedUrl,
    maliciousUrl,
    scimToken: scim.token,
    personId,
    groupId,
    scenarioId: scenario.id,
    filterId: String(filter.id),
    automationId: String(automation.id),
    params: [
      campaignId,
      rid,
      reportId,
      keyPrefix,
      user.id,
      String(reviewerLink.id),
      String(profile.id),
      String(webhook.id),
      deliveries.deliveries[0]?.id ?? '',
      personId,
      groupId,
      ...(scenario.id ? [scenario.id] : []),
      String(filter.id),
      String(automation.id),
    ],
  };
}
