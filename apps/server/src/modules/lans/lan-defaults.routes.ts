import {
  lanDefaultsInputSchema,
  lanDefaultsSchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/database.ts';
import { readLanDefaults, setLanDefaults } from './lans.service.ts';

export const lanDefaultsRoutes =
  (deps: { db: AppDatabase }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/lan-defaults',
      {
        schema: {
          tags: ['settings'],
          summary: 'The prices a new lan starts with',
          description: 'Until a lan administrator sets them: 30 euros, 25 for members.',
          response: { 200: lanDefaultsSchema },
        },
      },
      async () => readLanDefaults(deps.db),
    );

    app.put(
      '/api/settings/lan-defaults',
      {
        schema: {
          tags: ['settings'],
          summary: 'Set the prices a new lan starts with (lan administrators)',
          body: lanDefaultsInputSchema,
          response: {
            200: lanDefaultsSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            403: problemDetailsSchema,
          },
        },
      },
      async (request) => setLanDefaults(deps.db, await request.viewer(), request.body),
    );
  };
