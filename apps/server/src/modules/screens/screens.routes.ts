import {
  idParamSchema,
  newScreenSchema,
  problemDetailsSchema,
  screenInputSchema,
  screenSchema,
  screenViewSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import type { EventHub } from '../events/event-hub.ts';
import { serveEventStream } from '../events/events.routes.ts';
import { isScreenThere } from './screens.repository.ts';
import {
  findScreenOfToken,
  listLanScreens,
  makeScreen,
  readScreen,
  type ScreensDeps,
  switchOffScreen,
} from './screens.service.ts';

const lanParams = z.object({ id: idParamSchema });
const screenParams = z.object({ id: idParamSchema, screenId: idParamSchema });
const tokenParams = z.object({ token: z.string().max(200) });
const writes = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};

/**
 * A lan's screens (issue 35): lan administrators make and switch off screen links; a TV
 * opens one and reads, by its secret, what the screen shows and a stream of its lan's
 * changes (public data only).
 */
export const screensRoutes =
  (deps: ScreensDeps & { hub: EventHub }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/screens',
      {
        config: { signedIn: true },
        schema: {
          tags: ['screens'],
          summary: 'A lan’s screens',
          description: 'For lan administrators; a screen’s link is not shown again.',
          params: lanParams,
          response: { 200: z.array(screenSchema), ...writes },
        },
      },
      async (request) => listLanScreens(deps, await request.viewer(), request.params.id),
    );

    app.post(
      '/api/lans/:id/screens',
      {
        schema: {
          tags: ['screens'],
          summary: 'Make a screen of a lan: a link for a TV or projector',
          description:
            'For lan administrators. The answer holds the link (with a 256-bit secret) this ' +
            'once; the site keeps only its hash. 409 past 20 screens a lan.',
          params: lanParams,
          body: screenInputSchema,
          response: { 201: newScreenSchema, 409: problemDetailsSchema, ...writes },
        },
      },
      async (request, reply) => {
        const made = await makeScreen(
          deps,
          await request.viewer(),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(made);
      },
    );

    app.delete(
      '/api/lans/:id/screens/:screenId',
      {
        schema: {
          tags: ['screens'],
          summary: 'Switch a screen off',
          description:
            'For lan administrators. Its link stops working at once; an open screen shows ' +
            '"This screen was switched off" within seconds.',
          params: screenParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        await switchOffScreen(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.screenId,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/screens/:token',
      {
        schema: {
          tags: ['screens'],
          summary: 'What a screen shows: its slides, its lan, who is here',
          description:
            'No sign-in: the link’s secret is the key. The slides read the lan’s public reads ' +
            '(schedule, announcements, now-playing, seating) besides. 404 for an unknown or ' +
            'switched-off link, or while its lan is inactive.',
          params: tokenParams,
          response: { 200: screenViewSchema, 404: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const view = await readScreen(deps, request.params.token);
        return reply.header('cache-control', 'no-store').send(view);
      },
    );

    app.get(
      '/api/screens/:token/events',
      {
        schema: {
          tags: ['screens'],
          summary: 'A screen’s live updates: what changed at its lan, as server-sent events',
          description:
            'As GET /api/events, by the link’s secret instead of a sign-in, for the screen’s ' +
            'lan alone and only what anyone may see of it: `lan`, `subscriber`, `seat`, `seats`, ' +
            '`seating`, `schedule`, `announcement`, and `screen` {lanId} when a screen of the lan ' +
            'is made or switched off (read GET /api/screens/{token} again). A switched-off ' +
            'screen’s stream ends. 404 as GET /api/screens/{token}; 429 past 5 streams a screen.',
          produces: ['text/event-stream'],
          params: tokenParams,
          response: {
            200: z.string().meta({ description: 'text/event-stream' }),
            400: problemDetailsSchema,
            404: problemDetailsSchema,
            429: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const { screen } = await findScreenOfToken(deps.db, request.params.token);
        if (request.method === 'HEAD')
          return reply.headers({ 'content-type': 'text/event-stream; charset=utf-8' }).send('');
        let end: (() => void) | undefined;
        // A screen of the lan made or switched off: is this one still on? (Once for a burst.)
        const check = oneAtATime(
          async () => {
            if (!(await isScreenThere(deps.db, screen.id))) end?.();
          },
          (error) => request.log.warn({ err: error }, 'checking a screen failed'),
        );
        await serveEventStream(deps, request, reply, {
          reader: {
            userId: null,
            canSeeHiddenLans: false,
            screen: { id: screen.id, lanId: screen.lan_id },
          },
          heard: (event, endStream) => {
            if (event.kind !== 'screen') return;
            end = endStream;
            check.run();
          },
          tooMany: 'This screen has too many live update streams open; close a window or two.',
        });
      },
    );
  };
