import { problemDetailsSchema, type Role, wholeNumberParam } from '@lanparty/contract';
import {
  type LiveEvent,
  type LiveEventIdField,
  type LiveEventKind,
  liveEventData,
  liveEventIds,
  type NullableIdOf,
  nullableIdsOf,
} from '@lanparty/contract/rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemError } from '../../http/problems.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { isAllowed } from '../auth/authorize.ts';
import type { EventHub, StreamReader } from './event-hub.ts';
import { type EventRow, type HubEvent, rowIdsOf } from './events.repository.ts';

export type EventsDeps = {
  hub: EventHub;
  /**
   * The roles a user holds now: a stream's reader may gain or lose lan administration.
   * null: the account is gone (erased, issue 36), and its stream ends.
   */
  readRoles: (userId: number) => Promise<readonly Role[] | null>;
  /** The comment line that keeps proxies from closing a quiet stream, in ms. */
  heartbeatMs?: number;
};

/**
 * A stream writes at most once in this long: what comes meanwhile goes out together. On
 * PostgreSQL the hub read at every commit's NOTIFY, and hundreds of seat picks a second
 * made one write per commit to each of hundreds of streams: the writes took half of each
 * server's time. A quarter of a second is what SQLite's poll waits already, and less than
 * a change takes to be noticed on a page (a change's own answer comes at once).
 */
export const streamWriteGapMs = 250;

/**
 * Bytes a stream may have waiting for a slow client before it stops writing events and,
 * once the client has read them, sends one `resync` instead of the ones skipped. Far more
 * than the hub hands over at once before it resyncs everyone (10,000 events, about 0.7 MB),
 * so a client that reads is never cut short.
 */
const maximumBufferedBytes = 2 * 1024 * 1024;

/** On shutdown a client is told to come back after a wait in this range (ms): soon, spread. */
const comeBackMs = { least: 250, most: 2000 };

/** Where a nullable id of an event is in its row: a seat's occupant is its user (0024). */
const rowFieldOfNullable = { occupantId: 'userId' } as const satisfies Record<
  NullableIdOf<LiveEventKind>,
  LiveEventIdField
>;

/**
 * A change as the contract's LiveEvent: its kind and the ids `liveEventIds` names for it,
 * never personal data. The triggers write them (migration 0008 on); a row without one of
 * its kind's ids, or of a kind this server does not know (a newer one's), is not sent.
 */
export function liveEventOf(row: EventRow): LiveEvent | null {
  if (!Object.hasOwn(liveEventIds, row.kind)) return null;
  const event: Record<string, number | string | null> = { kind: row.kind };
  for (const field of liveEventIds[row.kind]) {
    const id = row[field];
    if (id === null) return null;
    event[field] = id;
  }
  for (const field of nullableIdsOf(row.kind)) event[field] = row[rowFieldOfNullable[field]];
  return event as LiveEvent;
}

/** A run of seat changes as one `seats` event: each seat with who sits there now. */
const seatsEventOf = ({ lanId, rows }: Extract<HubEvent, { kind: 'seats' }>): LiveEvent => ({
  kind: 'seats',
  lanId,
  seats: rows.map(({ seatId, userId }) => [seatId as number, userId]),
});

// Every stream is sent the hub's one object of an event: written once for all of them.
const formatted = new WeakMap<HubEvent, string>();

/** One event as the stream writes it: its id, its kind and its ids (`liveEventData`). */
export function formatEvent(hubEvent: HubEvent): string {
  let text = formatted.get(hubEvent);
  if (text === undefined) {
    const event = hubEvent.kind === 'seats' ? seatsEventOf(hubEvent) : liveEventOf(hubEvent);
    text = event
      ? `id: ${hubEvent.id}\nevent: ${event.kind}\ndata: ${liveEventData(event)}\n\n`
      : '';
    formatted.set(hubEvent, text);
  }
  return text;
}

const maxEventId = 9_007_199_254_740_991;

const resyncEvent = `event: resync\ndata: ${liveEventData({ kind: 'resync' })}\n\n`;

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-accel-buffering': 'no',
};

/** Those who may see inactive lans hear of them on their streams. */
function canSeeHiddenLans(userId: number, roles: readonly Role[]): boolean {
  return isAllowed({ user: { id: userId }, roles }, 'lans.seeInactive');
}

export const eventsRoutes =
  (deps: EventsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The server waits for open responses when it closes: end the streams first.
    app.addHook('preClose', async () => deps.hub.endAll());

    app.get(
      '/api/events',
      {
        config: { signedIn: true },
        schema: {
          tags: ['events'],
          summary: 'Live updates: what changed, as a server-sent event stream',
          description:
            'text/event-stream for the signed-in caller (Authorization header as everywhere). ' +
            'Events carry ids and kinds only — clients refetch what changed: `lan` {lanId} ' +
            'when a lan or its banner changes; `subscriber` {lanId, subscriberId} when a ' +
            'subscription is made, changed, withdrawn or checked in; `user` {userId}, to that ' +
            'user alone, when their roles or profile change; `clan` {clanId} when a clan or its ' +
            'members change; `seat` {lanId, seatId} when a seat is picked, moved or freed, ' +
            '`seats` {lanId, seats: [[seatId, occupantId], …]} for several seats of a lan changed together, ' +
            '`seating` {lanId} when a seat plan changes, `schedule` {lanId} when a lan’s schedule does, `announcement` {lanId} when an announcement is posted or deleted. Events of an inactive lan reach lan ' +
            'administrators only. HEAD answers the headers at once, holding no stream. A ' +
            'client too slow to read is sent one `resync` once it has caught up, instead of ' +
            'what it skipped. Reconnecting with Last-Event-ID ' +
            'replays what was missed, or sends one `resync` event when that is too old. A ' +
            'comment line every 25 s keeps proxies from closing the stream. When the server stops, ' +
            'the stream ends with a short `retry:` so the client comes back within 2 s. 429 past the ' +
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
        // What a GET would answer, at once: no body, and no place among the streams.
        if (request.method === 'HEAD') return reply.headers(streamHeaders).send('');
        const reader: StreamReader = {
          userId: viewer.user.id,
          canSeeHiddenLans: canSeeHiddenLans(viewer.user.id, viewer.roles),
        };
        // A change of the reader's own user may be a change of their roles: read them again,
        // once for a burst of such changes.
        let endStream = () => {};
        const readRoles = oneAtATime(
          async () => {
            const roles = await deps.readRoles(viewer.user.id);
            // Erased: its token is refused from now on, and so is its open stream.
            if (roles === null) return endStream();
            reader.canSeeHiddenLans = canSeeHiddenLans(viewer.user.id, roles);
          },
          (error) => request.log.warn({ err: error }, 'reading roles failed'),
        );
        await serveEventStream(deps, request, reply, {
          reader,
          heard: (event, end) => {
            if (event.kind !== 'user') return;
            endStream = end;
            readRoles.run();
          },
          tooMany: 'You have too many live update streams open; close a tab or two.',
        });
      },
    );
  };

/** A stream's reader, what it does with each event it is sent, and its refusal when one reader holds too many. */
export type StreamOptions = {
  reader: StreamReader;
  /** Called after an event is written: `end` ends the response (the stream's reader is gone). */
  heard?: (event: HubEvent, end: () => void) => void;
  /** The 429's words when the reader holds as many streams as one may. */
  tooMany: string;
};

/**
 * Answers a request with the live update stream of `stream.reader`: what the hub hands it,
 * written in batches, replayed after Last-Event-ID, kept open with heartbeats and ended with
 * a short `retry:` when the server stops. GET /api/events and a screen's stream share it.
 */
export async function serveEventStream(
  deps: Pick<EventsDeps, 'hub' | 'heartbeatMs'>,
  request: FastifyRequest,
  reply: FastifyReply,
  stream: StreamOptions,
): Promise<void> {
  const lastEventId = (request.headers as { 'last-event-id'?: number })['last-event-id'];
  const raw = reply.raw;
  let isBehind = false;
  let isAnswered = false;
  let isStopping = false;
  // What comes within `streamWriteGapMs` of the last write goes out in one write: a burst of
  // events (seats picked by hundreds) is a few writes per stream, not one per event.
  let unsent = '';
  let wroteAt = Number.NEGATIVE_INFINITY;
  const flush = () => {
    const text = unsent;
    unsent = '';
    wroteAt = performance.now();
    if (isBehind || raw.destroyed || raw.writableEnded) return;
    // A client that does not read: stop, and once it has read, one resync for all.
    if (raw.writableLength > maximumBufferedBytes) {
      isBehind = true;
      raw.once('drain', () => {
        isBehind = false;
        raw.write(resyncEvent);
      });
      return;
    }
    raw.write(text);
  };
  const write = (text: string) => {
    if (isBehind || text === '') return;
    if (unsent === '') {
      const wait = wroteAt + streamWriteGapMs - performance.now();
      if (wait > 0) setTimeout(flush, wait);
      else setImmediate(flush);
    }
    unsent += text;
  };
  // Until the missed events are written, new ones wait, so none comes twice or early.
  let waiting: Array<HubEvent | 'resync'> | null = [];
  const send = (event: HubEvent | 'resync') => {
    if (waiting) return void waiting.push(event);
    if (event === 'resync') return write(resyncEvent);
    write(formatEvent(event));
    stream.heard?.(event, endStream);
  };
  const opened = deps.hub.open({
    reader: stream.reader,
    send,
    resync: () => send('resync'),
    end: () => {
      if (!isAnswered) {
        isStopping = true;
        return;
      }
      // Come back soon, to this server's successor or another behind the same address,
      // spread so the tabs of a stopped server do not all return at the same moment.
      const retryMs =
        comeBackMs.least + Math.round(Math.random() * (comeBackMs.most - comeBackMs.least));
      raw.end(`retry: ${retryMs}\n\n`);
    },
  });
  if ('refused' in opened) {
    throw new ProblemError(
      429,
      opened.refused === 'user'
        ? stream.tooMany
        : 'The server holds as many live update streams as it can; try again later.',
      { retryAfterSeconds: 30 },
    );
  }
  let heartbeat: NodeJS.Timeout | undefined;
  // The reader is gone (a screen switched off): what is written so far goes, then the end.
  const endStream = () => {
    if (raw.writableEnded) return;
    if (unsent !== '') flush();
    clearInterval(heartbeat);
    opened.close();
    raw.end();
  };
  let isClosed = false;
  request.raw.on('close', () => {
    isClosed = true;
    clearInterval(heartbeat);
    opened.close();
  });
  await opened.ready;
  if (isStopping) {
    opened.close();
    throw new ProblemError(503, 'The server is stopping; try again in a moment.', {
      retryAfterSeconds: 1,
    });
  }
  reply.hijack();
  isAnswered = true;
  if (isClosed) return;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    ...streamHeaders,
    connection: 'keep-alive',
  });
  raw.write('retry: 3000\n\n');
  heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), deps.heartbeatMs ?? 25_000);
  const replayed = new Set<number>();
  try {
    if (lastEventId !== undefined) {
      const missed = await deps.hub.replay(stream.reader, lastEventId);
      if (missed === 'resync') write(resyncEvent);
      else
        for (const event of missed) {
          for (const id of rowIdsOf(event)) replayed.add(id);
          write(formatEvent(event));
        }
    }
  } finally {
    const held = waiting ?? [];
    waiting = null;
    // What came live while the replay was read may be in it too (a seat run that is
    // partly in it is sent whole: its changes, in order, end where they did).
    for (const event of held)
      if (event === 'resync' || !rowIdsOf(event).every((id) => replayed.has(id))) send(event);
  }
}
