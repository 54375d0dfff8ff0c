/**
 * /api/admin/people: the tenant's people (one per person, across campaigns), searched and
 * filtered by group, department, state or a saved filter; /api/admin/people/groups: the groups and
 * departments an audience is chosen from, with how many active people each holds; a person's
 * time zone, department and language changed; a person's history and risk, the lists, the people in a risk band, and saved filters (smart groups).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, errorSchema, idParamsSchema } from '@shared/admin-api';
import {
  peopleFacetsSchema,
  peoplePageSchema,
  peopleQuerySchema,
  personChangeSchema,
  personSchema,
} from '@shared/people';
import {
  PEOPLE_LISTS,
  peopleListPageSchema,
  peopleListQuerySchema,
  type PeopleListName,
  personHistorySchema,
  riskyPageSchema,
  riskyQuerySchema,
  savedFilterInputSchema,
  savedFilterSchema,
  savedFiltersSchema,
} from '@shared/person-history';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { changePerson, peopleFacets, peoplePage } from './people.service';
import {
  changeSavedFilter,
  createSavedFilter,
  removeSavedFilter,
  savedFilters,
} from './people-filters.service';
import { peopleList, personHistory, riskyPeople } from './person-history.service';

const tags = ['people'];

const LIST_SUMMARIES: Record<PeopleListName, string> = {
  'repeat-offenders': 'People who clicked at least `clicks` simulations, with their figures',
  'never-reported': 'People who received simulations and reported none, with their figures',
  'top-reporters': 'People who reported the most simulations, with their figures',
};

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

    r.get(
      '/api/admin/people/:id/history',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Every simulation a person received, what they did, and their risk score',
          params: idParamsSchema,
          response: { 200: personHistorySchema, ...adminErrors },
        },
      },
      async (request) => personHistory(db, tenantOf(request), request.params.id),
    );

    r.patch(
      '/api/admin/people/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary:
            "Change a person's time zone, department or language (people your directory manages are changed there)",
          params: idParamsSchema,
          body: personChangeSchema,
          response: { 200: personSchema, 409: errorSchema, ...adminErrors },
        },
      },
      async (request) => changePerson(db, tenantOf(request), request.params.id, request.body),
    );

    // One route per list (a list is no object of the tenant's: no id in the path).
    for (const list of PEOPLE_LISTS) {
      r.get(
        `/api/admin/people/lists/${list}`,
        {
          schema: {
            tags,
            security: adminSecurity,
            summary: LIST_SUMMARIES[list],
            querystring: peopleListQuerySchema,
            response: { 200: peopleListPageSchema, ...adminErrors },
          },
        },
        async (request) => peopleList(db, tenantOf(request), list, request.query),
      );
    }

    r.get(
      '/api/admin/people/risky',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'The active people in a risk band, highest score first',
          querystring: riskyQuerySchema,
          response: { 200: riskyPageSchema, ...adminErrors },
        },
      },
      async (request) => riskyPeople(db, tenantOf(request), request.query),
    );

    r.get(
      '/api/admin/people/filters',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Saved filters of people (smart groups)',
          response: { 200: savedFiltersSchema, ...adminErrors },
        },
      },
      async (request) => ({ filters: await savedFilters(db, tenantOf(request)) }),
    );

    r.post(
      '/api/admin/people/filters',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Save a filter of people under a name',
          body: savedFilterInputSchema,
          response: { 201: savedFilterSchema, 409: errorSchema, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createSavedFilter(db, tenantOf(request), request.body)),
    );

    r.put(
      '/api/admin/people/filters/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "Change a saved filter's name or conditions",
          params: idParamsSchema,
          body: savedFilterInputSchema,
          response: { 200: savedFilterSchema, 409: errorSchema, ...adminErrors },
        },
      },
      async (request) => changeSavedFilter(db, tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/admin/people/filters/:id',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Remove a saved filter',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await removeSavedFilter(db, tenantOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
