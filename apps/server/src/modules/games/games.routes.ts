import {
  gameListQuerySchema,
  gameSchema,
  idParamSchema,
  paged,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { findGameById, listGames } from './games.repository.ts';

/** The games playtime is recorded for: public, like lans. */
export const gamesRoutes =
  (deps: { db: AppDatabase }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/games',
      {
        schema: {
          tags: ['games'],
          summary: 'Games by name (paged)',
          description: 'ids: only these games (comma-separated or repeated).',
          querystring: gameListQuerySchema,
          response: { 200: paged(gameSchema), 400: problemDetailsSchema },
        },
      },
      async (request) => {
        const { ids, offset, limit } = request.query;
        const { rows, total } = await listGames(deps.db, { ids, offset, limit });
        return { items: rows, offset, limit, total };
      },
    );

    app.get(
      '/api/games/:id',
      {
        schema: {
          tags: ['games'],
          summary: 'A game',
          params: z.object({ id: idParamSchema }),
          response: { 200: gameSchema, 400: problemDetailsSchema, 404: problemDetailsSchema },
        },
      },
      async (request) => {
        const game = await findGameById(deps.db, request.params.id);
        if (!game) throw new ProblemError(404, `There is no game ${request.params.id}.`);
        return game;
      },
    );
  };
