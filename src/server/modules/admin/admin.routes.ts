/**
 * The operator REST API, /api/admin/* on the admin listener: sign-in, then one encapsulated
 * plugin whose every route needs an API key or a console session, a role, and sees that
 * principal's tenant only (admin-auth.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { mfaRoutes, sessionRoutes, userRoutes } from '../accounts/accounts.routes';
import { auditRoutes } from '../audit/audit.routes';
import { previewAdminRoutes } from '../preview/preview.routes';
import { campaignRoutes } from '../campaigns/campaigns.routes';
import { dashboardRoutes } from '../dashboard/dashboard.routes';
import { gophishRoutes } from '../gophish/gophish.routes';
import { mailReportRoutes } from '../mail-reports/mail-reports.routes';
import { maliciousUrlRoutes } from '../malicious-urls/malicious-urls.routes';
import { recipientRoutes } from '../recipients/recipients.routes';
import { reportedUrlRoutes } from '../reported-urls/reported-urls.routes';
import { reviewerRoutes } from '../reviewers/reviewers.routes';
import { resultRoutes } from '../results/results.routes';
import { sendingRoutes } from '../sending/sending.routes';
import { ssoSettingsRoutes, ssoSignInRoutes } from '../sso/sso.routes';
import { tenantRoutes } from '../tenants/tenants.routes';
import { webhooksRoutes } from '../webhooks/webhooks.routes';
import { peopleRoutes } from '../people/people.routes';
import { programmeRoutes } from '../programme/programme.routes';
import { trainingRoutes } from '../training/training.routes';
import { automationRoutes } from '../automations/automations.routes';
import { scimSettingsRoutes } from '../scim/scim.routes';
import { scenarioRoutes } from '../scenarios/scenarios.routes';
import { importSiteRoutes } from '../page-assets/page-assets.routes';
import { installAdminAuth } from './admin-auth';

export function adminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Sign-in is how a session starts: outside the auth hook.
    await app.register(sessionRoutes(ctx));
    await app.register(ssoSignInRoutes(ctx));
    await app.register(operatorRoutes(ctx));
  };
}

function operatorRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    installAdminAuth(app, ctx);
    await app.register(userRoutes(ctx));
    await app.register(mfaRoutes(ctx));
    await app.register(auditRoutes(ctx));
    await app.register(tenantRoutes(ctx));
    await app.register(ssoSettingsRoutes(ctx));
    await app.register(campaignRoutes(ctx));
    await app.register(previewAdminRoutes(ctx));
    await app.register(recipientRoutes(ctx));
    await app.register(resultRoutes(ctx));
    await app.register(dashboardRoutes(ctx));
    await app.register(reportedUrlRoutes(ctx));
    await app.register(mailReportRoutes(ctx));
    await app.register(reviewerRoutes(ctx));
    await app.register(maliciousUrlRoutes(ctx));
    await app.register(sendingRoutes(ctx));
    await app.register(gophishRoutes(ctx));
    await app.register(importSiteRoutes(ctx));
    await app.register(webhooksRoutes(ctx));
    await app.register(peopleRoutes(ctx));
    await app.register(scimSettingsRoutes(ctx));
    await app.register(scenarioRoutes(ctx));
    await app.register(programmeRoutes(ctx));
    await app.register(trainingRoutes(ctx));
    await app.register(automationRoutes(ctx));
  };
}
