import { z } from 'zod';
import { idSchema } from './common.ts';

export const gameSchema = z
  .object({ id: idSchema, name: z.string() })
  .meta({ id: 'Game', description: 'A game that playtime is recorded for.' });

export type Game = z.infer<typeof gameSchema>;
