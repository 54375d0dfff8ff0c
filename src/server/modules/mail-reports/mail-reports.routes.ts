/**
 * Reported mail on the operator API: the intake settings (/api/admin/mail-intake: owners, for it
 * holds a mailbox's credentials), what each report became and the clusters of real messages
 * (/api/admin/mail-reports), and one message handed in as it would arrive (message/rfc822).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors } from '@shared/admin-api';
import {
  clusterDecisionInputSchema,
  clusterDecisionSchema,
  ingestedReportSchema,
  mailIntakeInputSchema,
  mailIntakeSchema,
  mailReportsQuerySchema,
  mailReportsSchema,
  reportClustersSchema,
  reportFollowupInputSchema,
  reportFollowupSchema,
} from '@shared/mail-reports';
import type { AppContext } from '@server/context';
import { badRequest } from '@server/lib/errors';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { mailIntake, setMailIntake } from './mail-intake.service';
import { ingestReport, mailReports } from './mail-reports.service';
import { decideCluster, reportClusters } from './report-clusters.service';
import { MAX_MESSAGE_BYTES } from './parse-report';
import { reportFollowup, setReportFollowup } from './report-followup.service';

const tags = ['reported mail'];

export function mailReportRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags, security: adminSecurity };
    app.addContentTypeParser(
      'message/rfc822',
      { parseAs: 'buffer', bodyLimit: MAX_MESSAGE_BYTES + 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );

    r.get(
      '/api/admin/mail-intake',
      {
        config: { role: 'owner' },
        schema: {
          ...common,
          summary: "How reports come in: the IMAP mailbox read on a schedule, the SMTP intake's addresses",
          response: { 200: mailIntakeSchema, ...adminErrors },
        },
      },
      async (request) => mailIntake(db, ctx.config, tenantOf(request)),
    );

    r.put(
      '/api/admin/mail-intake',
      {
        config: { role: 'owner' },
        schema: {
          ...common,
          summary: 'Set the report intake (the password is write-only: omit it to keep the stored one)',
          body: mailIntakeInputSchema,
          response: { 200: mailIntakeSchema, ...adminErrors },
        },
      },
      async (request) => setMailIntake(db, ctx.config, tenantOf(request), request.body),
    );

    r.get(
      '/api/admin/report-followup',
      {
        config: { role: 'owner' },
        schema: {
          ...common,
          summary:
            "Who is mailed the reviewers' link, and the answers to reporters (with Hookwise's own texts)",
          response: { 200: reportFollowupSchema, ...adminErrors },
        },
      },
      async (request) => reportFollowup(db, tenantOf(request)),
    );

    r.put(
      '/api/admin/report-followup',
      {
        config: { role: 'owner' },
        schema: {
          ...common,
          summary: 'Set the reviewers mailed their /poll link and the answers to reporters (off by default)',
          body: reportFollowupInputSchema,
          response: { 200: reportFollowupSchema, ...adminErrors },
        },
      },
      async (request) => setReportFollowup(db, tenantOf(request), request.body),
    );

    r.get(
      '/api/admin/mail-reports',
      {
        schema: {
          ...common,
          summary:
            'Reports received, newest first: what each became (credited, queued, kept with the reason)',
          querystring: mailReportsQuerySchema,
          response: { 200: mailReportsSchema, ...adminErrors },
        },
      },
      async (request) => ({ reports: await mailReports(db, tenantOf(request), request.query.limit) }),
    );

    r.get(
      '/api/admin/mail-reports/clusters',
      {
        schema: {
          ...common,
          summary:
            'Real messages reported, one per cluster (same sender, subject and URLs), with how many reported them',
          querystring: mailReportsQuerySchema,
          response: { 200: reportClustersSchema, ...adminErrors },
        },
      },
      async (request) => ({ clusters: await reportClusters(db, tenantOf(request), request.query.limit) }),
    );

    r.post(
      '/api/admin/mail-reports/clusters/decision',
      {
        schema: {
          ...common,
          summary:
            "One verdict for a cluster: every URL of its reports decided malicious (TP) or harmless (FP), as a reviewer's decision",
          body: clusterDecisionInputSchema,
          response: { 200: clusterDecisionSchema, ...adminErrors },
        },
      },
      async (request) => decideCluster(db, tenantOf(request), request.body),
    );

    r.post(
      '/api/admin/mail-reports',
      {
        schema: {
          ...common,
          summary: 'Hand in one reported message as it would arrive (Content-Type: message/rfc822)',
          consumes: ['message/rfc822'],
          response: { 200: ingestedReportSchema, ...adminErrors },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('Send the message itself, as message/rfc822');
        const report = await ingestReport(db, tenantOf(request), request.body, {
          source: 'api',
          secretsKey: ctx.config.secretsKey,
        });
        return {
          id: report.id,
          outcome: report.outcome,
          credited: report.credited,
          urls: report.urls,
          cluster: report.clusterKey,
          error: report.error,
        };
      },
    );
  };
}
