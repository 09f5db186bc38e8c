import { idParamSchema, nowPlayingSchema, problemDetailsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendLanRead } from '../lans/lan-read-cache.ts';
import { type NowPlayingDeps, readNowPlaying } from './now-playing.service.ts';

/** What a lan's present participants play (issue 35). */
export const nowPlayingRoutes =
  (deps: NowPlayingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/now-playing',
      {
        schema: {
          tags: ['lans'],
          summary: 'Who of a lan’s present participants plays what, and what was played most',
          description:
            'Anyone who may see the lan (an inactive lan: lan administrators only, 404 otherwise). ' +
            '`games`: what participants marked present play right now (while the lan runs), ' +
            'most players first; `topGames` and `topPlayers`: play time since the lan started. ' +
            'From the Steam playtime collected every minute: empty, with `isCollecting` false, ' +
            'when the site has no Steam Web API key. People who hide themselves from lan ' +
            'screens are in none of it. Changes each minute; no event tells of it.',
          params: z.object({ id: idParamSchema }),
          response: {
            200: nowPlayingSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        return sendLanRead(request, reply, await readNowPlaying(deps, id, request), id);
      },
    );
  };
