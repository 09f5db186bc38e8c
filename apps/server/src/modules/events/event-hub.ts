import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseConfig } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import {
  type EventRow,
  findEventIdRange,
  gatherSeatRuns,
  type HubEvent,
  listEventsAfter,
  listEventsByIds,
} from './events.repository.ts';

/**
 * Hands the changes the database records (table `events`, written by triggers) to the
 * open streams of this server. It reads the table only while a stream is open: woken by
 * PostgreSQL's NOTIFY from any server on the database (with a slow poll behind it, and a
 * listener that connects again when its connection is lost), or by a quick poll on SQLite,
 * where this process is the only writer. See docs/decisions/021-live-updates.md.
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
  replay(reader: StreamReader, lastEventId: number): Promise<HubEvent[] | 'resync'>;
  /** How many streams are open, for tests and logs. */
  count(): number;
  /** Ends every open stream (before the server closes, which waits for them). */
  endAll(): void;
  close(): Promise<void>;
};

/** Who reads a stream, which decides what it hears (`isEventFor`). */
export type StreamReader = {
  /** The signed-in reader; null for a screen. */
  userId: number | null;
  /** A lan administrator: hears of inactive lans too. */
  canSeeHiddenLans: boolean;
  /** A lan's screen (issue 35): hears of its lan alone, and what anyone may see of it. */
  screen?: { id: number; lanId: number };
};

/** Whose streams count together towards `limits.perUser`: a user's, or a screen's. */
const holderOf = (reader: StreamReader) =>
  reader.screen ? `screen ${reader.screen.id}` : `user ${reader.userId}`;

export type EventStream = {
  /** Read at every event, so a change of the reader's roles counts from then on. */
  reader: StreamReader;
  /** A change, or several seats' changes read together (`gatherSeatRuns`). */
  send: (event: HubEvent) => void;
  /** More changed than the hub could tell in time: everything shown must be refetched. */
  resync: () => void;
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
  /** The first wait before listening again after the listener's connection is lost, in ms. */
  relistenMs?: number;
  /** The least time between two reads woken by NOTIFY, in ms (default `notifiedReadGapMs`). */
  notifiedReadGapMs?: number;
};

/**
 * Reads woken by NOTIFY begin at most once in this long: the commits of a burst (hundreds
 * of seat picks a second, each its NOTIFY) are read a few at a time, not one by one, which
 * cost two queries per commit on every server and a write to every stream.
 */
export const notifiedReadGapMs = 50;

export const defaultStreamLimits = { perUser: 5, total: 500 };

/** Events read at a time; a full batch is followed by the next at once. */
const batchSize = 1000;

/** More missed events than this: a resync is cheaper for the client. */
const replayLimit = 1000;

/** Further behind than this many events: every stream resyncs rather than waits. */
const catchUpLimit = 10_000;

/**
 * On PostgreSQL a transaction may take an id and commit after a later one: an id skipped
 * over is looked for again at each read for this long (a rolled-back one never comes).
 */
const lateCommitMs = 30_000;

/** The most skipped ids remembered; a larger gap is a crash's lost sequence values. */
const maximumGaps = 10_000;

/** The longest wait between attempts to listen again. */
const maximumRelistenMs = 4_000;

/**
 * A `user` or `notice` event is for that user alone; a `screen` event for the screens of its lan; the
 * others (a `lanner` event, what anyone may see of a user, among them) are for every
 * signed-in stream, but those about a hidden (inactive) lan only for
 * readers who may see it. A screen hears only of its own lan, and only what anyone may see.
 */
export function isEventFor(event: HubEvent, reader: StreamReader): boolean {
  const { screen } = reader;
  if (screen)
    return (
      event.lanId === screen.lanId &&
      event.kind !== 'user' &&
      event.kind !== 'notice' &&
      (event.kind === 'screen' || !event.isHidden)
    );
  if (event.kind === 'user' || event.kind === 'notice') return event.userId === reader.userId;
  if (event.kind === 'screen') return false;
  return !event.isHidden || reader.canSeeHiddenLans;
}

type Session = {
  poll: NodeJS.Timeout;
  listener: pg.Client | undefined;
  relisten: NodeJS.Timeout | undefined;
  failures: number;
  /** Settles once the first attempt to listen has (the stream is ready then). */
  firstListen: Promise<void>;
};

export function createEventHub(options: EventHubOptions): EventHub {
  const { db, database, log } = options;
  const limits = options.limits ?? defaultStreamLimits;
  const isPostgres = database.kind === 'postgres';
  const pollMs = options.pollMs ?? (isPostgres ? 2000 : 250);
  const relistenMs = options.relistenMs ?? 250;
  const streams = new Set<EventStream>();
  // The newest id read, and the ids skipped below it that may still commit (with when).
  let cursor = 0;
  const gaps = new Map<number, number>();
  let running: Session | undefined;

  /** What one read found, in order, a run of seat changes as one event. */
  function deliver(rows: readonly EventRow[]): void {
    for (const event of gatherSeatRuns(rows))
      for (const stream of streams) if (isEventFor(event, stream.reader)) stream.send(event);
  }

  function noteGaps(afterId: number, id: number, now: number): void {
    for (let skipped = Math.max(afterId + 1, id - maximumGaps); skipped < id; skipped += 1) {
      if (gaps.size >= maximumGaps) return;
      gaps.set(skipped, now);
    }
  }

  /** Late commits first (they are older), then everything new, a batch at a time. */
  async function readNew(): Promise<void> {
    const now = Date.now();
    const skipped = [...gaps.keys()];
    for (let start = 0; start < skipped.length; start += batchSize) {
      const late = await listEventsByIds(db, skipped.slice(start, start + batchSize));
      for (const event of late) gaps.delete(event.id);
      deliver(late);
    }
    for (const [id, since] of gaps) if (now - since > lateCommitMs) gaps.delete(id);
    for (;;) {
      const events = await listEventsAfter(db, cursor, batchSize);
      for (const event of events) {
        noteGaps(cursor, event.id, now);
        cursor = event.id;
      }
      deliver(events);
      if (events.length < batchSize) return;
      const { newest } = await findEventIdRange(db);
      if (newest - cursor > catchUpLimit) {
        log.warn({ behind: newest - cursor }, 'live updates fell behind; every stream resyncs');
        cursor = newest;
        gaps.clear();
        for (const stream of streams) stream.resync();
        return;
      }
    }
  }

  /** One read at a time; a wake during a read reads once more after it. */
  const reads = oneAtATime(readNew, (error) => log.warn({ err: error }, 'reading events failed'));
  const wake = (): void => {
    if (running) reads.run();
  };
  // A NOTIFY wakes a read at once if none was woken lately, else at the end of the gap.
  const readGapMs = options.notifiedReadGapMs ?? notifiedReadGapMs;
  let notifiedAt = Number.NEGATIVE_INFINITY;
  let notifiedLater: NodeJS.Timeout | undefined;
  const wakeNotified = (): void => {
    if (notifiedLater) return;
    const wait = notifiedAt + readGapMs - performance.now();
    const read = () => {
      notifiedLater = undefined;
      notifiedAt = performance.now();
      wake();
    };
    if (wait <= 0) read();
    else notifiedLater = setTimeout(read, wait);
  };

  /**
   * Connects a client that LISTENs for the triggers' NOTIFY. A lost connection (a restarted
   * database, a killed backend) is connected again after a wait that doubles up to 4 s;
   * meanwhile the poll carries on.
   */
  async function listen(session: Session): Promise<void> {
    if (database.kind !== 'postgres') return;
    const client = new pg.Client({
      connectionString: database.url,
      // Which site's listener, for an operator looking at pg_stat_activity.
      application_name: `lanparty events${database.schema ? ` ${database.schema}` : ''}`.slice(
        0,
        63,
      ),
      ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
    });
    client.on('notification', wakeNotified);
    const lose = (error?: Error) => {
      if (session.listener !== client) return;
      session.listener = undefined;
      log.warn({ err: error }, 'the connection listening for events was lost; listening again');
      void client.end().catch(() => {});
      relistenLater(session);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    try {
      await client.connect();
      await client.query('listen lanparty_events');
    } catch (error) {
      log.warn({ err: error }, 'listening for events failed; polling meanwhile');
      await client.end().catch(() => {});
      relistenLater(session);
      return;
    }
    if (running !== session) {
      await client.end().catch(() => {});
      return;
    }
    session.listener = client;
    session.failures = 0;
    // What was committed while nobody listened sent its NOTIFY to no one: look now.
    wake();
  }

  function relistenLater(session: Session): void {
    if (running !== session || session.relisten) return;
    const delay = Math.min(maximumRelistenMs, relistenMs * 2 ** session.failures);
    session.failures += 1;
    session.relisten = setTimeout(() => {
      session.relisten = undefined;
      if (running === session) void listen(session);
    }, delay);
    session.relisten.unref();
  }

  async function start(): Promise<void> {
    // What happened before the first stream opened is not news to it (a stream that
    // missed something says so with its Last-Event-ID).
    cursor = (await findEventIdRange(db)).newest;
    gaps.clear();
    const poll = setInterval(wake, pollMs);
    poll.unref();
    const session: Session = {
      poll,
      listener: undefined,
      relisten: undefined,
      failures: 0,
      firstListen: Promise.resolve(),
    };
    running = session;
    session.firstListen = listen(session);
  }

  async function stop(): Promise<void> {
    const stopping = running;
    running = undefined;
    if (!stopping) return;
    clearInterval(stopping.poll);
    clearTimeout(stopping.relisten);
    clearTimeout(notifiedLater);
    notifiedLater = undefined;
    await stopping.firstListen;
    const client = stopping.listener;
    stopping.listener = undefined;
    await client?.end().catch(() => {});
    await reads.settled();
  }

  let starting: Promise<void> | undefined;

  return {
    open(stream) {
      if (streams.size >= limits.total) return { refused: 'total' };
      const holder = holderOf(stream.reader);
      const ofUser = [...streams].filter(({ reader }) => holderOf(reader) === holder).length;
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
        .then(() => running?.firstListen)
        .then(() => undefined);
      return {
        close() {
          streams.delete(stream);
          if (streams.size === 0) void stop();
        },
        ready,
      };
    },
    async replay(reader, lastEventId) {
      const { oldest } = await findEventIdRange(db);
      // Pruned (or from another database): what it missed cannot be told any more.
      if (oldest === 0 ? lastEventId > 0 : lastEventId < oldest - 1) return 'resync';
      const events = await listEventsAfter(db, lastEventId, replayLimit);
      if (events.length >= replayLimit) return 'resync';
      return gatherSeatRuns(events.filter((event) => isEventFor(event, reader)));
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
