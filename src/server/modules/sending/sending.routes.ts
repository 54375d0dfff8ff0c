/**
 * /api/admin/sending-profiles (SMTP relays, "send a test message to me", the allow-listing
 * assistant and its checks) and /api/admin/campaigns/:id/sending (start, progress, pause,
 * resume, cancel), and /api/admin/campaigns/:id/email-preview (the email as a recipient gets it).
 * On the public listener: /go/:token, an allow-listing check's watched link.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema } from '@shared/admin-api';
import {
  allowlistCheckParamsSchema,
  allowlistCheckSchema,
  allowlistChecksSchema,
  allowlistQuerySchema,
  allowlistSchema,
  emailPreviewRequestSchema,
  emailPreviewSchema,
  emailTestResultSchema,
  emailTestSchema,
  sendingHealthListSchema,
  sendingSummaryRequestSchema,
  sendingSummarySchema,
  sendingPlanSchema,
  sendingProfileInputSchema,
  sendingProfileSchema,
  sendingProfilesSchema,
  sendingProgressSchema,
  testMessageReplySchema,
  testMessageSchema,
} from '@shared/sending';
import type { AppContext } from '@server/context';
import { perClientLimit } from '@server/plugins/rate-limit';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { requireCampaign } from '../campaigns/campaigns.service';
import { requestFacts } from '../clicks/click-evidence';
import { clampUserAgent } from '../clicks/client-ip';
import {
  allowlistChecks,
  CHECK_PATH,
  profileAllowlist,
  recordCheckVisit,
  startAllowlistCheck,
} from './allowlist.service';
import { emailPreview } from './email-preview.service';
import {
  createProfile,
  editProfile,
  profileView,
  removeProfile,
  requireProfile,
  sendingProfiles,
  sendTestMessage,
} from './sending-profiles.service';
import { sendEmailTest, sendingSummary } from './sending-summary.service';
import {
  cancelSending,
  pauseSending,
  resumeSending,
  sendingHealthList,
  sendingProgress,
  startSending,
} from './sending.service';

const tags = ['sending'];

export function sendingRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  const { config } = ctx;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const base = { tags, security: adminSecurity };

    r.get(
      '/api/admin/sending-profiles',
      {
        schema: {
          ...base,
          summary: 'List sending profiles (passwords never shown)',
          response: { 200: sendingProfilesSchema, ...adminErrors },
        },
      },
      async (request) => ({ profiles: await sendingProfiles(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/sending-profiles',
      {
        schema: {
          ...base,
          summary: 'Add a sending profile (the password is stored encrypted with SECRETS_KEY)',
          body: sendingProfileInputSchema,
          response: { 201: sendingProfileSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createProfile(db, config, tenantOf(request), request.body)),
    );

    r.get(
      '/api/admin/sending-profiles/:id',
      {
        schema: {
          ...base,
          summary: 'One sending profile',
          params: idParamsSchema,
          response: { 200: sendingProfileSchema, ...adminErrors },
        },
      },
      async (request) => profileView(await requireProfile(db, tenantOf(request), request.params.id)),
    );

    r.put(
      '/api/admin/sending-profiles/:id',
      {
        schema: {
          ...base,
          summary: 'Replace a sending profile (password: omitted keeps it, null removes it)',
          params: idParamsSchema,
          body: sendingProfileInputSchema,
          response: { 200: sendingProfileSchema, ...adminErrors },
        },
      },
      async (request) => editProfile(db, config, tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/admin/sending-profiles/:id',
      {
        schema: { ...base, summary: 'Remove a sending profile no sending uses', params: idParamsSchema },
      },
      async (request, reply) => {
        await removeProfile(db, tenantOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    r.post(
      '/api/admin/sending-profiles/:id/test',
      {
        schema: {
          ...base,
          summary: 'Send a test message through the profile; answers with the relay’s reply',
          params: idParamsSchema,
          body: testMessageSchema,
          response: { 200: testMessageReplySchema, ...adminErrors },
        },
      },
      async (request) => sendTestMessage(db, config, tenantOf(request), request.params.id, request.body.to),
    );

    r.get(
      '/api/admin/sending-profiles/:id/allowlist',
      {
        schema: {
          ...base,
          summary:
            'What a mail admin enters so the gateway delivers the simulation and leaves its links alone',
          description:
            "Microsoft Defender's advanced delivery (phishing simulation) and Google Workspace's Gmail " +
            "settings, filled with the profile's domains and the public address. The relay's outbound " +
            'addresses cannot be known here: give them with sending_ips.',
          params: idParamsSchema,
          querystring: allowlistQuerySchema,
          response: { 200: allowlistSchema, ...adminErrors },
        },
      },
      // ctx.config when asked: the public address may be known only once the listener is up.
      async (request) =>
        profileAllowlist(db, ctx.config, tenantOf(request), request.params.id, request.query.sending_ips),
    );

    r.get(
      '/api/admin/sending-profiles/:id/allowlist-checks',
      {
        schema: {
          ...base,
          summary: "The profile's latest allow-listing checks and what visited their links",
          params: idParamsSchema,
          response: { 200: allowlistChecksSchema, ...adminErrors },
        },
      },
      async (request) => ({ checks: await allowlistChecks(db, tenantOf(request), request.params.id) }),
    );

    r.post(
      '/api/admin/sending-profiles/:id/allowlist-checks',
      {
        schema: {
          ...base,
          summary: 'Send an allow-listing check: a message whose link is watched for a few minutes',
          description:
            'The message goes through the profile to `to`; its link is on the public listener. Read the ' +
            'report with GET: each visit with its verdict and the seconds after sending.',
          params: idParamsSchema,
          body: testMessageSchema,
          response: { 201: allowlistCheckSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await startAllowlistCheck(db, ctx.config, tenantOf(request), request.params.id, request.body.to),
          ),
    );

    r.post(
      '/api/admin/campaigns/:id/email-preview',
      {
        // Showing the email changes nothing: a viewer may preview it, as the pages.
        config: { role: 'viewer' },
        // An unsaved campaign file may carry a full HTML template, as an import does.
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          ...base,
          summary: "The campaign's email as a recipient gets it, in one language, recording nothing",
          description:
            'Renders the stored campaign file, or `content` (an unsaved one, validated like an import), ' +
            'with the renderer the outbox sends with, for `recipient_id` (default: the first recipient, ' +
            'else a sample person). `{{link}}` gets a placeholder rid, so opening it records nothing.',
          params: idParamsSchema,
          body: emailPreviewRequestSchema,
          response: { 200: emailPreviewSchema, ...adminErrors },
        },
      },
      // ctx.config when asked: the public address may be known only once the listener is up.
      async (request) => emailPreview(db, ctx.config, tenantOf(request), request.params.id, request.body),
    );

    r.get(
      '/api/admin/sending-health',
      {
        schema: {
          ...base,
          summary: "Every sending campaign's health: ok, failing or paused after repeated failures, and why",
          response: { 200: sendingHealthListSchema, ...adminErrors },
        },
      },
      async (request) => sendingHealthList(db, tenantOf(request)),
    );

    r.post(
      '/api/admin/campaigns/:id/sending/summary',
      {
        // Computes and records nothing: a viewer may read what a launch would do.
        config: { role: 'viewer' },
        schema: {
          ...base,
          summary: 'What a sending plan would do: how many messages, from when to when, per hour',
          params: idParamsSchema,
          body: sendingSummaryRequestSchema,
          response: { 200: sendingSummarySchema, ...adminErrors },
        },
      },
      async (request) =>
        sendingSummary(
          db,
          config,
          await requireCampaign(db, tenantOf(request), request.params.id),
          request.body,
        ),
    );

    r.post(
      '/api/admin/campaigns/:id/email-test',
      {
        schema: {
          ...base,
          summary: "Send me this e-mail: the campaign's e-mail in one language, through a profile",
          description:
            'Rendered as the preview is (the first recipient, else a sample person; the link records ' +
            'nothing). A relay that refuses is answered with sent: false and the cause in plain words.',
          params: idParamsSchema,
          body: emailTestSchema,
          response: { 200: emailTestResultSchema, ...adminErrors },
        },
      },
      async (request) =>
        sendEmailTest(
          db,
          ctx.config,
          await requireCampaign(db, tenantOf(request), request.params.id),
          request.body,
        ),
    );

    r.get(
      '/api/admin/campaigns/:id/sending',
      {
        schema: {
          ...base,
          summary: "A campaign's sending progress",
          params: idParamsSchema,
          response: { 200: sendingProgressSchema, ...adminErrors },
        },
      },
      async (request) => sendingProgress(db, await requireCampaign(db, tenantOf(request), request.params.id)),
    );

    r.post(
      '/api/admin/campaigns/:id/sending',
      {
        schema: {
          ...base,
          summary: 'Send the campaign: queue a message for every recipient not yet sent one',
          description:
            'The messages go out from starts_at (never before the campaign starts), at most rate_per_minute, ' +
            'spread over spread_minutes, inside the window. Calling it again queues recipients added since.',
          params: idParamsSchema,
          body: sendingPlanSchema,
          response: { 200: sendingProgressSchema, ...adminErrors },
        },
      },
      async (request) =>
        startSending(
          db,
          config,
          await requireCampaign(db, tenantOf(request), request.params.id),
          request.body,
        ),
    );

    for (const [action, run] of [
      ['pause', (c: Parameters<typeof pauseSending>[1]) => pauseSending(db, c)],
      ['resume', (c: Parameters<typeof pauseSending>[1]) => resumeSending(db, config, c)],
      ['cancel', (c: Parameters<typeof pauseSending>[1]) => cancelSending(db, c)],
    ] as const) {
      r.post(
        `/api/admin/campaigns/:id/sending/${action}`,
        {
          schema: {
            ...base,
            summary: `${action[0]?.toUpperCase()}${action.slice(1)} the sending`,
            params: idParamsSchema,
            response: { 200: sendingProgressSchema, ...adminErrors },
          },
        },
        async (request) => run(await requireCampaign(db, tenantOf(request), request.params.id)),
      );
    }
  };
}

/** A neutral page: nothing in it names the product or says the link is watched. */
const NEUTRAL_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thank you</title></head>' +
  '<body><p>Thank you.</p></body></html>';

/** The public listener's part: an allow-listing check's link (GET, and HEAD as scanners send it). */
export function sendingPublicRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${CHECK_PATH}:token`,
      { config: perClientLimit(ctx.config), schema: { params: allowlistCheckParamsSchema } },
      async (request, reply) => {
        const facts = requestFacts(request, clampUserAgent(request.headers['user-agent']));
        if (!(await recordCheckVisit(db, ctx.config, request.params.token, facts)))
          return reply.callNotFound();
        return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NEUTRAL_PAGE);
      },
    );
  };
}
