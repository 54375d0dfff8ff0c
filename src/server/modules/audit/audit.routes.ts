/**
 * GET /api/admin/audit (and .csv, .json, and /actors): the tenant's audit log, newest first
 * (owners). /api/admin/settings/audit-retention: how long it keeps its entries (owners).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, textSchema } from '@shared/admin-api';
import {
  AUDIT_EXPORT_MAX,
  auditActorsSchema,
  auditPageSchema,
  auditQuerySchema,
  auditRetentionSchema,
} from '@shared/audit';
import type { AppContext } from '@server/context';
import { adminSecurity } from '../admin/admin-schemas';
import { tenantOf } from '../admin/admin-auth';
import { auditCsv } from './audit-csv';
import { setTenantAuditRetention, tenantAuditRetention } from '../tenants/audit-retention.service';
import { auditActors, auditEntries } from './audit.service';

const tags = ['audit'];

export function auditRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/admin/audit',
      {
        config: { role: 'owner' },
        schema: {
          tags,
          security: adminSecurity,
          summary: 'The audit log of operator actions, newest first, filtered by who, what kind and when',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...adminErrors },
        },
      },
      async (request) => ({ entries: await auditEntries(db, tenantOf(request), request.query) }),
    );

    r.get(
      '/api/admin/audit.csv',
      {
        config: { role: 'owner' },
        schema: {
          tags,
          security: adminSecurity,
          summary: `The filtered audit log as CSV (at most ${AUDIT_EXPORT_MAX} rows; formulas neutralised)`,
          produces: ['text/csv'],
          querystring: auditQuerySchema,
          response: { 200: textSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const entries = await auditEntries(db, tenantOf(request), {
          ...request.query,
          limit: AUDIT_EXPORT_MAX,
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-log.csv"')
          .send(auditCsv(entries));
      },
    );

    r.get(
      '/api/admin/audit.json',
      {
        config: { role: 'owner' },
        schema: {
          tags,
          security: adminSecurity,
          summary: `The filtered audit log as a JSON file (at most ${AUDIT_EXPORT_MAX} entries)`,
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const entries = await auditEntries(db, tenantOf(request), {
          ...request.query,
          limit: AUDIT_EXPORT_MAX,
        });
        void reply.header('content-disposition', 'attachment; filename="audit-log.json"');
        return { entries };
      },
    );

    r.get(
      '/api/admin/settings/audit-retention',
      {
        config: { role: 'owner' },
        schema: {
          tags,
          security: adminSecurity,
          summary: 'How long the audit log keeps its entries (days; null: for ever)',
          response: { 200: auditRetentionSchema, ...adminErrors },
        },
      },
      async (request) => ({ days: await tenantAuditRetention(db, tenantOf(request)) }),
    );

    r.put(
      '/api/admin/settings/audit-retention',
      {
        config: { role: 'owner' },
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Keep the audit log for a number of days (30 to 3650), or for ever (null)',
          description:
            'Entries older than this are removed within the hour; each removal is itself an audit entry (`audit.prune`).',
          body: auditRetentionSchema,
          response: { 200: auditRetentionSchema, ...adminErrors },
        },
      },
      async (request) => ({ days: await setTenantAuditRetention(db, tenantOf(request), request.body.days) }),
    );

    r.get(
      '/api/admin/audit/actors',
      {
        config: { role: 'owner' },
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Everyone who appears in the audit log, with their name',
          response: { 200: auditActorsSchema, ...adminErrors },
        },
      },
      async (request) => auditActors(db, tenantOf(request)),
    );
  };
}
