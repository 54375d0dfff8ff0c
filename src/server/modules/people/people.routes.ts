/**
 * /api/admin/people: the tenant's people (one per person, across campaigns), searched and
 * filtered by group, department and state; /api/admin/people/groups: the groups and departments
 * an audience is chosen from, with how many active people each holds.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors } from '@shared/admin-api';
import { peopleFacetsSchema, peoplePageSchema, peopleQuerySchema } from '@shared/people';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { peopleFacets, peoplePage } from './people.service';

const tags = ['people'];

export function peopleRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/people',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "A page of the tenant's people, searched by name, email, person id or department",
          querystring: peopleQuerySchema,
          response: { 200: peoplePageSchema, ...adminErrors },
        },
      },
      async (request) => peoplePage(db, tenantOf(request), request.query),
    );

    r.get(
      '/api/admin/people/groups',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'The groups and departments of active people (audiences)',
          response: { 200: peopleFacetsSchema, ...adminErrors },
        },
      },
      async (request) => peopleFacets(db, tenantOf(request)),
    );
  };
}
