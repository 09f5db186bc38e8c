import {
  historyVisibilitySchema,
  idParamSchema,
  problemDetailsSchema,
  userHistorySchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type JsonBytes, type KeptAnswers, sendKept } from '../../http/kept-answers.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { markBadgesSeen, setShowsHistory } from './history.repository.ts';
import {
  getHistory,
  type HistoryDeps,
  historyDepends,
  refuseHiddenHistory,
} from './history.service.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  404: problemDetailsSchema,
};

export const historyRoutes =
  (
    deps: HistoryDeps & { clock?: () => Date; ownReads: KeptAnswers<JsonBytes> },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const now = () => deps.clock?.() ?? new Date();

    app.get(
      '/api/users/:id/history',
      {
        schema: {
          tags: ['users'],
          summary: 'The lans a person attended, their streaks and badges',
          description:
            'For the person, administrators, and everyone while the person shows their ' +
            'history; 404 otherwise (and for erased accounts).',
          params: z.object({ id: idParamSchema }),
          response: { 200: userHistorySchema, ...problems },
        },
      },
      // Kept per person while what it shows is unchanged: the same for all who may read it.
      async (request, reply) => {
        const userId = request.params.id;
        await refuseHiddenHistory(deps, await request.viewer(), userId);
        const read = { depends: historyDepends(deps), schema: userHistorySchema };
        return sendKept(deps.ownReads, request, reply, read, () => getHistory(deps, userId, now()));
      },
    );

    app.put(
      '/api/users/me/badges/seen',
      {
        schema: {
          tags: ['users'],
          summary: 'Mark the signed-in user’s new badges as seen',
          description: 'The profile’s notices no longer tell of them. 204.',
          response: { 204: z.undefined(), 401: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        await markBadgesSeen(deps.db, viewer.user.id, now());
        return reply.code(204).send();
      },
    );

    app.put(
      '/api/users/me/history-visibility',
      {
        schema: {
          tags: ['users'],
          summary: 'Show or hide the signed-in user’s history from others',
          description:
            'false: the lans they attended, their count on the lanner card and their badges ' +
            'are shown to nobody else but administrators.',
          body: historyVisibilitySchema,
          response: { 200: historyVisibilitySchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request);
        await setShowsHistory(deps.db, viewer.user.id, request.body.showsHistory);
        return { showsHistory: request.body.showsHistory };
      },
    );
  };
