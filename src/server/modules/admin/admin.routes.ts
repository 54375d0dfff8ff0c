/**
 * The operator REST API, /api/admin/*: one encapsulated plugin whose every route needs a bearer
 * API key and sees that key's tenant only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { campaignRoutes } from '../campaigns/campaigns.routes';
import { maliciousUrlRoutes } from '../malicious-urls/malicious-urls.routes';
import { recipientRoutes } from '../recipients/recipients.routes';
import { reportRoutes } from '../reports/reports.routes';
import { resultRoutes } from '../results/results.routes';
import { tenantRoutes } from '../tenants/tenants.routes';
import { installAdminAuth } from './admin-auth';

export function adminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    installAdminAuth(app, ctx.database.db);
    await app.register(tenantRoutes(ctx));
    await app.register(campaignRoutes(ctx));
    await app.register(recipientRoutes(ctx));
    await app.register(resultRoutes(ctx));
    await app.register(reportRoutes(ctx));
    await app.register(maliciousUrlRoutes(ctx));
  };
}
