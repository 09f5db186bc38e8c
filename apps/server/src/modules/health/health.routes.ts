import { CURRENT_VERSION, healthSchema, problemDetailsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDatabase, pingDatabase } from '../../db/database.ts';
import { problem, sendProblem } from '../../http/problems.ts';

export const healthRoutes =
  (db: AppDatabase): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether the site and its database answer',
          description:
            '200 when the database answers a query, 503 otherwise. For load balancers and monitoring.',
          response: { 200: healthSchema, 503: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        try {
          await pingDatabase(db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database does not answer');
          return sendProblem(reply, problem(503, 'The database does not answer.'));
        }
        return { status: 'ok' as const, database: 'ok' as const, version: CURRENT_VERSION };
      },
    );
  };
