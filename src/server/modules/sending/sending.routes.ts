/**
 * /api/admin/sending-profiles (SMTP relays, "send a test message to me") and
 * /api/admin/campaigns/:id/sending (start, progress, pause, resume, cancel), and
 * /api/admin/campaigns/:id/email-preview (the email as a recipient gets it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema } from '@shared/admin-api';
import {
  emailPreviewRequestSchema,
  emailPreviewSchema,
  sendingPlanSchema,
  sendingProfileInputSchema,
  sendingProfileSchema,
  sendingProfilesSchema,
  sendingProgressSchema,
  testMessageReplySchema,
  testMessageSchema,
} from '@shared/sending';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { requireCampaign } from '../campaigns/campaigns.service';
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
import { cancelSending, pauseSending, resumeSending, sendingProgress, startSending } from './sending.service';

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
        config: { audit: 'sending_profile.create' },
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
        config: { audit: 'sending_profile.edit' },
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
        config: { audit: 'sending_profile.delete' },
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
        config: { audit: 'sending_profile.test' },
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

    r.post(
      '/api/admin/campaigns/:id/email-preview',
      {
        // Showing the email changes nothing: a viewer may preview it, as the pages.
        config: { role: 'viewer', audit: 'campaign.email_preview' },
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
        config: { audit: 'campaign.send' },
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
          config: { audit: `campaign.send_${action}` },
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
