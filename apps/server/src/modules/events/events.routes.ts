import { problemDetailsSchema, wholeNumberParam } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemError } from '../../http/problems.ts';
import { requireViewer } from '../auth/authenticate.ts';
import type { EventHub } from './event-hub.ts';
import type { EventRow } from './events.repository.ts';

export type EventsDeps = {
  hub: EventHub;
  /** The comment line that keeps proxies from closing a quiet stream, in ms. */
  heartbeatMs?: number;
};

/** One event as the stream writes it: ids and kind only, never personal data. */
export function formatEvent(event: EventRow): string {
  const data =
    event.kind === 'lan'
      ? { lanId: event.lanId }
      : event.kind === 'subscriber'
        ? { lanId: event.lanId, subscriberId: event.subscriberId }
        : { userId: event.userId };
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

const maxEventId = 9_007_199_254_740_991;

export const eventsRoutes =
  (deps: EventsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The server waits for open responses when it closes: end the streams first.
    app.addHook('preClose', async () => deps.hub.endAll());

    app.get(
      '/api/events',
      {
        schema: {
          tags: ['events'],
          summary: 'Live updates: what changed, as a server-sent event stream',
          description:
            'text/event-stream for the signed-in caller (Authorization header as everywhere). ' +
            'Events carry ids and kinds only — clients refetch what changed: `lan` {lanId} ' +
            'when a lan or its banner changes; `subscriber` {lanId, subscriberId} when a ' +
            'subscription is made, changed, withdrawn or checked in; `user` {userId}, to that ' +
            'user alone, when their roles or profile change. Reconnecting with Last-Event-ID ' +
            'replays what was missed, or sends one `resync` event when that is too old. A ' +
            'comment line every 25 s keeps proxies from closing the stream. 429 past the ' +
            'streams one user (5) or the server may hold.',
          produces: ['text/event-stream'],
          headers: z.object({ 'last-event-id': wholeNumberParam(0, maxEventId).optional() }),
          response: {
            200: z.string().meta({ description: 'text/event-stream' }),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            429: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const lastEventId = request.headers['last-event-id'];
        const raw = reply.raw;
        // Until the missed events are written, new ones wait, so none comes twice or early.
        let waiting: EventRow[] | null = [];
        let lastWritten = lastEventId ?? 0;
        const write = (event: EventRow) => {
          if (event.id <= lastWritten && lastEventId !== undefined) return;
          lastWritten = Math.max(lastWritten, event.id);
          raw.write(formatEvent(event));
        };
        const opened = deps.hub.open({
          userId: viewer.user.id,
          send: (event) => (waiting ? waiting.push(event) : write(event)),
          end: () => raw.end(),
        });
        if ('refused' in opened) {
          throw new ProblemError(
            429,
            opened.refused === 'user'
              ? 'You have too many live update streams open; close a tab or two.'
              : 'The server holds as many live update streams as it can; try again later.',
            { retryAfterSeconds: 30 },
          );
        }
        let heartbeat: NodeJS.Timeout | undefined;
        let isClosed = false;
        request.raw.on('close', () => {
          isClosed = true;
          clearInterval(heartbeat);
          opened.close();
        });
        await opened.ready;
        reply.hijack();
        if (isClosed) return;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'private, no-store',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        raw.write('retry: 3000\n\n');
        heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), deps.heartbeatMs ?? 25_000);
        try {
          if (lastEventId !== undefined) {
            const missed = await deps.hub.replay(viewer.user.id, lastEventId);
            if (missed === 'resync') raw.write('event: resync\ndata: {}\n\n');
            else for (const event of missed) write(event);
          }
        } finally {
          const held = waiting;
          waiting = null;
          for (const event of held ?? []) write(event);
        }
      },
    );
  };
