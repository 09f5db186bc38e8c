import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseConfig } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import {
  type EventRow,
  findEventIdRange,
  listEventsAfter,
  listEventsSince,
} from './events.repository.ts';

/**
 * Hands the changes the database records (table `events`, written by triggers) to the
 * open streams of this server. It reads the table only while a stream is open: woken by
 * PostgreSQL's NOTIFY from any server on the database (with a slow poll behind it, should
 * the listening connection drop), or by a quick poll on SQLite, where this process is
 * the only writer. See docs/decisions/021-live-updates.md.
 */
export type EventHub = {
  /**
   * Registers a stream, or says which limit refuses it. `ready`: once the hub reads and
   * listens (the first stream starts it), so what changes after it is the stream's news;
   * tell the client the stream is open only then.
   */
  open(
    stream: EventStream,
  ): { close: () => void; ready: Promise<void> } | { refused: 'user' | 'total' };
  /** What a stream resuming after `lastEventId` missed, or `resync` when that is gone. */
  replay(userId: number, lastEventId: number): Promise<EventRow[] | 'resync'>;
  /** How many streams are open, for tests and logs. */
  count(): number;
  /** Ends every open stream (before the server closes, which waits for them). */
  endAll(): void;
  close(): Promise<void>;
};

export type EventStream = {
  userId: number;
  send: (event: EventRow) => void;
  /** Ends the response: the server is shutting down. */
  end: () => void;
};

export type EventHubOptions = {
  db: AppDatabase;
  database: DatabaseConfig;
  log: FastifyBaseLogger;
  limits?: { perUser: number; total: number };
  /** How often to look on SQLite (and behind NOTIFY on PostgreSQL), in ms. */
  pollMs?: number;
};

export const defaultStreamLimits = { perUser: 5, total: 500 };

/** More missed events than this: a resync is cheaper for the client. */
const replayLimit = 1000;

/** A late commit on PostgreSQL may show an id below ones already seen: read this far back. */
const lateCommitMs = 30_000;

/** A `user` event is for that user alone; the others are for every signed-in stream. */
export function isEventFor(event: EventRow, userId: number): boolean {
  return event.kind !== 'user' || event.userId === userId;
}

export function createEventHub(options: EventHubOptions): EventHub {
  const { db, database, log } = options;
  const limits = options.limits ?? defaultStreamLimits;
  const isPostgres = database.kind === 'postgres';
  const pollMs = options.pollMs ?? (isPostgres ? 2000 : 250);
  const streams = new Set<EventStream>();
  // Delivered ids with when, so a reread of the last seconds sends nothing twice.
  const delivered = new Map<number, number>();
  let cursor = 0;
  let running: { timer: NodeJS.Timeout; listener: Promise<pg.Client | undefined> } | undefined;
  let reading: Promise<void> | undefined;
  let isAgain = false;

  async function readNew(): Promise<void> {
    const now = Date.now();
    const events = await listEventsSince(db, cursor, new Date(now - lateCommitMs));
    for (const event of events) {
      if (delivered.has(event.id)) continue;
      delivered.set(event.id, now);
      cursor = Math.max(cursor, event.id);
      for (const stream of streams) if (isEventFor(event, stream.userId)) stream.send(event);
    }
    for (const [id, at] of delivered) if (now - at > 2 * lateCommitMs) delivered.delete(id);
  }

  /** One read at a time; a wake during a read reads once more after it. */
  function wake(): void {
    if (!running) return;
    if (reading) {
      isAgain = true;
      return;
    }
    reading = readNew()
      .catch((error: unknown) => log.warn({ err: error }, 'reading events failed'))
      .finally(() => {
        reading = undefined;
        if (isAgain) {
          isAgain = false;
          wake();
        }
      });
  }

  async function listen(): Promise<pg.Client | undefined> {
    if (database.kind !== 'postgres') return undefined;
    const client = new pg.Client({
      connectionString: database.url,
      ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
    });
    client.on('notification', wake);
    // A dropped connection leaves the poll to carry on; the next start listens again.
    client.on('error', (error) => log.warn({ err: error }, 'listening for events failed'));
    try {
      await client.connect();
      await client.query('listen lanparty_events');
      // What was committed while the listener connected sent its NOTIFY to no one: look now.
      wake();
      return client;
    } catch (error) {
      log.warn({ err: error }, 'listening for events failed; polling instead');
      await client.end().catch(() => {});
      return undefined;
    }
  }

  async function start(): Promise<void> {
    cursor = (await findEventIdRange(db)).newest;
    delivered.clear();
    // What happened before the first stream opened is not news to it (a stream that
    // missed something says so with its Last-Event-ID).
    const now = Date.now();
    for (const event of await listEventsSince(db, cursor, new Date(now - lateCommitMs)))
      delivered.set(event.id, now);
    const timer = setInterval(wake, pollMs);
    timer.unref();
    running = { timer, listener: listen() };
  }

  async function stop(): Promise<void> {
    const stopping = running;
    running = undefined;
    if (!stopping) return;
    clearInterval(stopping.timer);
    const client = await stopping.listener;
    await client?.end().catch(() => {});
    await reading;
  }

  let starting: Promise<void> | undefined;

  return {
    open(stream) {
      if (streams.size >= limits.total) return { refused: 'total' };
      const ofUser = [...streams].filter(({ userId }) => userId === stream.userId).length;
      if (ofUser >= limits.perUser) return { refused: 'user' };
      streams.add(stream);
      if (!running && !starting)
        starting = start()
          .catch((error: unknown) => log.error({ err: error }, 'starting live updates failed'))
          .finally(() => {
            starting = undefined;
          });
      // Listening is part of being ready: NOTIFY of a change made before the listener is
      // connected would be lost, and the change seen only at the next poll (2 s).
      const ready = Promise.resolve(starting)
        .then(() => running?.listener)
        .then(() => undefined);
      return {
        close() {
          streams.delete(stream);
          if (streams.size === 0) void stop();
        },
        ready,
      };
    },
    async replay(userId, lastEventId) {
      const { oldest } = await findEventIdRange(db);
      // Pruned (or from another database): what it missed cannot be told any more.
      if (oldest === 0 ? lastEventId > 0 : lastEventId < oldest - 1) return 'resync';
      const events = await listEventsAfter(db, lastEventId);
      if (events.length >= replayLimit) return 'resync';
      return events.filter((event) => isEventFor(event, userId));
    },
    count: () => streams.size,
    endAll() {
      for (const stream of [...streams]) stream.end();
    },
    async close() {
      streams.clear();
      await starting;
      await stop();
    },
  };
}
