import {
  idParamSchema,
  noticeListSchema,
  noticesSeenInputSchema,
  problemDetailsSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { listOwnNotices, markOwnNoticesSeen } from './notices.ts';
import {
  listOwnPushSubscriptions,
  type PushDeps,
  subscribeOwnBrowser,
  unsubscribeOwnBrowser,
} from './push-subscriptions.ts';

export type NoticesDeps = PushDeps & {
  db: AppDatabase;
  communityTimeZone: string;
  clock?: () => Date;
};

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

    app.get(
      '/api/users/me/push-subscriptions',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'The browsers you are notified on, and the key to subscribe with',
          description:
            'Web Push: `publicKey` is the site’s VAPID public key, the `applicationServerKey` ' +
            'a browser subscribes with; `items` the browsers you are notified on (at most 5). ' +
            '401 when not signed in.',
          response: { 200: pushSubscriptionListSchema, 401: problemDetailsSchema },
        },
      },
      async (request) => listOwnPushSubscriptions(deps, await requireViewer(request)),
    );

    app.post(
      '/api/users/me/push-subscriptions',
      {
        schema: {
          tags: ['users'],
          summary: 'Be notified on this browser',
          description:
            'Takes what the browser’s `PushManager.subscribe` gave (`toJSON()`): each new ' +
            'notice of yours is then pushed to it. The endpoint must be https to a public ' +
            'address (checked on the address it resolves to); the keys a P-256 public key ' +
            'and a 16-byte secret: a 400 per field otherwise. 201 with the subscription; 200 ' +
            'when this browser was yours already (its keys renewed). A browser subscribed ' +
            'for someone else before is yours now. 409 when you are notified on 5 browsers ' +
            'already. 401 when not signed in.',
          body: pushSubscriptionInputSchema,
          response: {
            200: pushSubscriptionSchema,
            201: pushSubscriptionSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            409: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const { subscription, isNew } = await subscribeOwnBrowser(
          deps,
          await requireViewer(request),
          request.body,
          deps.clock?.() ?? new Date(),
        );
        return reply.code(isNew ? 201 : 200).send(subscription);
      },
    );

    app.delete(
      '/api/users/me/push-subscriptions/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Stop being notified on a browser',
          description:
            'Removes one of your subscriptions; nothing more is pushed to it. 204. 404 when ' +
            'it is not one of yours. 401 when not signed in.',
          params: z.object({ id: idParamSchema }),
          response: {
            204: z.undefined(),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        await unsubscribeOwnBrowser(deps, await requireViewer(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
