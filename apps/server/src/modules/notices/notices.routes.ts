import { noticeListSchema, noticesSeenInputSchema, problemDetailsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { listOwnNotices, markOwnNoticesSeen } from './notices.ts';

export type NoticesDeps = { db: AppDatabase; communityTimeZone: string };

/** A person's notices (issue 53 §4): what the site told them, and which they have seen. */
export const noticesRoutes =
  (deps: NoticesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users/me/notices',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'Your notices, newest first, and how many you have not seen',
          description:
            'What the site told you: a subscription accepted, paid, denied or moved up from ' +
            'the waiting list; a badge earned; an announcement of a lan you hold a place at. ' +
            'The newest 50; `unseen` counts all not seen yet. A `notice` live event on your ' +
            'own streams tells of a new one. 401 when not signed in.',
          response: { 200: noticeListSchema, 401: problemDetailsSchema },
        },
      },
      async (request) =>
        listOwnNotices(deps.db, await requireViewer(request), deps.communityTimeZone),
    );

    app.put(
      '/api/users/me/notices/seen',
      {
        schema: {
          tags: ['users'],
          summary: 'Mark your notices seen, up to one',
          description:
            'Every notice of yours with an id up to `upTo` (included) is seen; newer ones ' +
            'stay unseen, so one that came while you read is not lost. 204. 401 when not ' +
            'signed in.',
          body: noticesSeenInputSchema,
          response: { 204: z.undefined(), 400: problemDetailsSchema, 401: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        await markOwnNoticesSeen(deps.db, await requireViewer(request), request.body);
        return reply.code(204).send();
      },
    );
  };
