/**
 * /api/admin/automations: the tenant's recurring simulations — list, create, read, change, pause,
 * resume, remove — and a month's plan (who gets which scenario, when, at which level, and why).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, errorSchema, noContentSchema } from '@shared/admin-api';
import {
  automationInputSchema,
  automationListSchema,
  automationParamsSchema,
  automationPlanSchema,
  automationSchema,
  automationUpdateSchema,
  planQuerySchema,
} from '@shared/automations';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import {
  automationList,
  automationPlan,
  automationView,
  changeAutomation,
  createAutomation,
  removeAutomation,
  requireAutomation,
  setAutomationState,
} from './automations.service';

const tags = ['automations'];

export function automationRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/automations',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "The tenant's automations: recurring simulations, one per person per month",
          response: { 200: automationListSchema, ...adminErrors },
        },
      },
      async (request) => ({ automations: await automationList(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/automations',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Create an automation (active at once: the current month is planned on the next round)',
          body: automationInputSchema,
          response: { 201: automationSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createAutomation(db, tenantOf(request), request.body)),
    );

    r.get(
      '/api/admin/automations/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'One automation',
          params: automationParamsSchema,
          response: { 200: automationSchema, ...adminErrors },
        },
      },
      async (request) => automationView(await requireAutomation(db, tenantOf(request), request.params.id)),
    );

    r.patch(
      '/api/admin/automations/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Change an automation: from the next month planned on',
          params: automationParamsSchema,
          body: automationUpdateSchema,
          response: { 200: automationSchema, ...adminErrors },
        },
      },
      async (request) => changeAutomation(db, tenantOf(request), request.params.id, request.body),
    );

    for (const [action, state] of [
      ['pause', 'paused'],
      ['resume', 'active'],
    ] as const) {
      r.post(
        `/api/admin/automations/:id/${action}`,
        {
          schema: {
            tags,
            security: adminSecurity,
            summary:
              action === 'pause'
                ? 'Pause: nothing more is planned or sent until resumed (409 when already paused)'
                : 'Resume a paused automation (409 when it is not paused)',
            params: automationParamsSchema,
            response: { 200: automationSchema, 409: errorSchema, ...adminErrors },
          },
        },
        async (request) => setAutomationState(db, tenantOf(request), request.params.id, state),
      );
    }

    r.delete(
      '/api/admin/automations/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Remove an automation and what it has not sent (the campaigns it sent stay)',
          params: automationParamsSchema,
          response: { 204: noContentSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await removeAutomation(db, tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/api/admin/automations/:id/plan',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary:
            "A month's plan: who gets which scenario, when (UTC and their local time), at which level, and why",
          description:
            'month: YYYY-MM (default: next month, UTC). A month not planned yet is provisional: what would be ' +
            'planned now from what people have done so far; levels may still change before it begins.',
          params: automationParamsSchema,
          querystring: planQuerySchema,
          response: { 200: automationPlanSchema, ...adminErrors },
        },
      },
      async (request) =>
        automationPlan(
          db,
          { tenantId: tenantOf(request), root: ctx.config.scenarioLibraryRoot },
          request.params.id,
          request.query.month,
          new Date(),
          request.query.language,
        ),
    );
  };
}
