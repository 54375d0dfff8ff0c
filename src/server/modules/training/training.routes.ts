/** /api/admin/training/...: the training policy, and the training assigned to people. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors, errorSchema } from '@shared/admin-api';
import {
  trainingAssignAnswerSchema,
  trainingAssignInputSchema,
  trainingListQuerySchema,
  trainingListSchema,
  trainingPolicyInputSchema,
  trainingPolicySchema,
} from '@shared/training';
import type { AppContext } from '@server/context';
import { tenantOf } from '../admin/admin-auth';
import { adminSecurity } from '../admin/admin-schemas';
import { assignTraining, saveTrainingPolicy, trainingAssignments, trainingPolicy } from './training.service';

const tags = ['training'];

export function trainingRoutes(ctx: AppContext) {
  const { db } = ctx.database;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/training/policy',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "The tenant's training policy",
          response: { 200: trainingPolicySchema, ...adminErrors },
        },
      },
      async (request) => trainingPolicy(db, tenantOf(request)),
    );

    r.put(
      '/api/admin/training/policy',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Change the training policy',
          description:
            "on_click / on_submit: assign the simulation's training to a person whose click the clicks module " +
            "judged a person's (never a scanner's), or who submitted the form; reminder_days: the one reminder " +
            'after this many days if unfinished; praise_reporters: a note of thanks to people who reported. ' +
            'Turning it on applies to clicks and reports from then on.',
          body: trainingPolicyInputSchema,
          response: { 200: trainingPolicySchema, ...adminErrors },
        },
      },
      async (request) => saveTrainingPolicy(db, tenantOf(request), request.body),
    );

    r.get(
      '/api/admin/training/assignments',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'The training assigned to people, newest first, with where each stands',
          querystring: trainingListQuerySchema,
          response: { 200: trainingListSchema, ...adminErrors },
        },
      },
      async (request) => trainingAssignments(db, tenantOf(request), request.query),
    );

    r.post(
      '/api/admin/training/assignments',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: "Assign a simulation's training to a person",
          description:
            'The person (id or e-mail) is sent an invitation with their training link, through the sending ' +
            'profile the simulation was sent with. 201 when assigned now; 200 with created: false when they ' +
            'already had it.',
          body: trainingAssignInputSchema,
          response: {
            200: trainingAssignAnswerSchema,
            201: trainingAssignAnswerSchema,
            409: errorSchema,
            ...adminErrors,
          },
        },
      },
      async (request, reply) => {
        const answer = await assignTraining(db, tenantOf(request), request.body);
        return reply.status(answer.created ? 201 : 200).send(answer);
      },
    );
  };
}
