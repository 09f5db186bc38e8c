import { z } from 'zod';
import { idParamSchema, idSchema, listParameter, pagedQuerySchema } from './common.ts';

export const gameSchema = z
  .object({ id: idSchema, name: z.string() })
  .meta({ id: 'Game', description: 'A game that playtime is recorded for.' });

export type Game = z.infer<typeof gameSchema>;

/** The query of GET /api/games: `ids` (comma-separated or repeated) narrows to these games. */
export const gameListQuerySchema = pagedQuerySchema.extend({
  ids: listParameter(idParamSchema).optional(),
});

export type GameListQuery = z.output<typeof gameListQuerySchema>;
