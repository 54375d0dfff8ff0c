/** /api/admin/programme/report: the programme report, month by month and per department. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors } from '@shared/admin-api';
import { programmeQuerySchema, programmeReportSchema } from '@shared/programme';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { programmeReport } from './programme.service';

const tags = ['programme'];

export function programmeRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/programme/report',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'The programme report: rates by month of sending (UTC) and per department',
          description:
            'Click, submit and report rates and the median minutes to report, month by month (by when each ' +
            'message was sent, in UTC), with the difficulty mix of what was sent; the period per department. ' +
            "department: only that department's people (the person's department, else the recipient's).",
          querystring: programmeQuerySchema,
          response: { 200: programmeReportSchema, ...adminErrors },
        },
      },
      async (request) => programmeReport(db, tenantOf(request), request.query),
    );
  };
}
