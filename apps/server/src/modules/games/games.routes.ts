import {
  gameSchema,
  idParamSchema,
  paged,
  pagedQuerySchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { listParameter } from '../../http/query-lists.ts';

const gameListQuery = pagedQuerySchema.extend({ ids: listParameter(idParamSchema).optional() });

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
          querystring: gameListQuery,
          response: { 200: paged(gameSchema), 400: problemDetailsSchema },
        },
      },
      async (request) => {
        const { ids, offset, limit } = request.query;
        let query = deps.db.selectFrom('games');
        if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
        const { total } = await query
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow();
        const items = await query
          .select(['id', 'name'])
          .orderBy('name')
          .orderBy('id')
          .offset(offset)
          .limit(limit)
          .execute();
        return { items, offset, limit, total: Number(total) };
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
        const game = await deps.db
          .selectFrom('games')
          .select(['id', 'name'])
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!game) throw new ProblemError(404, `There is no game ${request.params.id}.`);
        return game;
      },
    );
  };
