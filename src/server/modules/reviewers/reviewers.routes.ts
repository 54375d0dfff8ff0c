/**
 * /api/admin/reviewer-links: mint (operator), list (viewer) and revoke (operator) reviewer
 * links; /api/admin/reports/history: one reported URL's decisions. The queue itself is
 * GET /api/admin/reports (reports.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, idParamsSchema, noContentSchema } from '@shared/admin-api';
import {
  decisionHistoryQuerySchema,
  decisionHistorySchema,
  mintedReviewerLinkSchema,
  mintReviewerLinkSchema,
  reviewerLinksSchema,
} from '@shared/dashboard';
import type { AppContext } from '@server/context';
import { principalOf, tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { decisionHistory } from '../poll/poll.service';
import { mintReviewerLink, reviewerLinks, revokeReviewerLink } from './reviewers.service';

const tags = ['reviewer links'];

export function reviewerRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/admin/reviewer-links',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Mint a reviewer link for reported URLs (or every pending one); the link is shown once',
          body: mintReviewerLinkSchema,
          response: { 201: mintedReviewerLinkSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { tenantId, actor } = principalOf(request);
        const { urls, pending, reviewer, expires_in_hours } = request.body;
        const link = await mintReviewerLink(db, ctx.config, {
          tenantId,
          actor,
          urls,
          pending,
          reviewer,
          expiresInHours: expires_in_hours,
        });
        void reply.header('cache-control', 'no-store');
        return reply.status(201).send(link);
      },
    );

    r.get(
      '/api/admin/reviewer-links',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Reviewer links minted, newest first (without their tokens)',
          response: { 200: reviewerLinksSchema, ...adminErrors },
        },
      },
      async (request) => ({ links: await reviewerLinks(db, tenantOf(request)) }),
    );

    r.delete(
      '/api/admin/reviewer-links/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Revoke a reviewer link: its token is refused from now on, on every instance',
          params: idParamsSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { tenantId, actor } = principalOf(request);
        await revokeReviewerLink(db, tenantId, request.params.id, actor);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/api/admin/reports/history',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "One reported URL's decisions, oldest first",
          querystring: decisionHistoryQuerySchema,
          response: { 200: decisionHistorySchema, ...adminErrors },
        },
      },
      async (request) => decisionHistory(db, tenantOf(request), request.query.url),
    );
  };
}
