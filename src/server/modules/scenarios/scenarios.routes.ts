/**
 * /api/admin/scenarios: the scenario library and the tenant's copies (list, read), a draft
 * campaign started from one, and the tenant's copies made, edited and removed.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrors,
  errorSchema,
  noContentSchema,
  previewSchema,
  scenarioPreviewRequestSchema,
} from '@shared/admin-api';
import {
  scenarioCampaignSchema,
  scenarioCopySchema,
  scenarioDetailSchema,
  scenarioEditSchema,
  scenarioListQuerySchema,
  scenarioListSchema,
  scenarioParamsSchema,
  scenarioUseSchema,
} from '@shared/scenario-api';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { createScenarioPreview } from '../preview/preview.service';
import {
  copyScenario,
  deleteScenario,
  editScenario,
  requireScenario,
  scenarioList,
  startCampaign,
  type ScenarioScope,
} from './scenarios.service';

const tags = ['scenarios'];
/** A scenario's campaign file carries every language: more than the global 64 KiB. */
const FILE_LIMIT = 2 * 1024 * 1024;

export function scenarioRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const scope = (request: Parameters<typeof tenantOf>[0]): ScenarioScope => ({
      tenantId: tenantOf(request),
      root: ctx.config.scenarioLibraryRoot,
    });

    r.get(
      '/api/admin/scenarios',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "The scenario library and the tenant's copies, in one language, by difficulty or lure",
          querystring: scenarioListQuerySchema,
          response: { 200: scenarioListSchema, ...adminErrors },
        },
      },
      async (request) => ({ scenarios: await scenarioList(db, scope(request), request.query) }),
    );

    r.get(
      '/api/admin/scenarios/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'One scenario whole: its campaign file with every translation',
          params: scenarioParamsSchema,
          response: { 200: scenarioDetailSchema, ...adminErrors },
        },
      },
      async (request) => requireScenario(db, scope(request), request.params.id),
    );

    r.post(
      '/api/admin/scenarios/:id/campaign',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Start a campaign from a scenario: a draft with its content in all its languages',
          params: scenarioParamsSchema,
          body: scenarioUseSchema,
          response: { 201: scenarioCampaignSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await startCampaign(db, scope(request), request.params.id, request.body)),
    );

    r.post(
      '/api/admin/scenarios/:id/preview',
      {
        // Showing what recipients would see changes nothing: a viewer may preview.
        config: { role: 'viewer' },
        schema: {
          tags,
          security: adminSecurity,
          summary:
            'Preview a scenario in one language before any campaign is made from it, recording nothing',
          description:
            'The pages open on the admin listener for an hour, as a campaign preview does: the phishing page and each journey page, with a sample person.',
          params: scenarioParamsSchema,
          body: scenarioPreviewRequestSchema,
          response: { 201: previewSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createScenarioPreview(db, scope(request), request.params.id, request.body.language)),
    );

    r.post(
      '/api/admin/scenarios/:id/copy',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "Copy a scenario as the tenant's own, to edit",
          params: scenarioParamsSchema,
          body: scenarioCopySchema,
          response: { 201: scenarioDetailSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await copyScenario(db, scope(request), request.params.id, request.body)),
    );

    r.put(
      '/api/admin/scenarios/:id',
      {
        bodyLimit: FILE_LIMIT,
        schema: {
          tags,
          security: adminSecurity,
          summary: "Replace a tenant copy's texts, level and campaign file (library scenarios: 403)",
          params: scenarioParamsSchema,
          body: scenarioEditSchema,
          response: { 200: scenarioDetailSchema, 403: errorSchema, ...adminErrors },
        },
      },
      async (request) => editScenario(db, scope(request), request.params.id, request.body),
    );

    r.delete(
      '/api/admin/scenarios/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Remove a tenant copy (library scenarios: 403)',
          params: scenarioParamsSchema,
          response: { 204: noContentSchema, 403: errorSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await deleteScenario(db, scope(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
