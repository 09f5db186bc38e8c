import { createEventStreamParser } from '@lanparty/contract/rules';
import type { FastifyInstance } from 'fastify';
import type { DatabaseConfig } from '../src/config.ts';
import type { AppDatabase } from '../src/db/database.ts';
import { createEventHub, type EventHub } from '../src/modules/events/event-hub.ts';
import type { SignedIn } from './signed-in.ts';

/** Reading GET /api/events as a browser does, for the live update tests. */

export type StreamEvent = { id: string | undefined; event: string; data: unknown };

/** What `find` finds, looking every 20 ms for up to `timeoutMs`. */
export async function until<T>(find: () => T | undefined, what: () => string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what()} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A stream read as a browser's fetch reads it: blocks split on blank lines. GET /api/events
 * of `who`, or (`path`) another stream, such as a screen's, with no one signed in.
 */
export async function openStream(
  baseUrl: string,
  who: SignedIn | undefined,
  lastEventId?: number,
  path = '/api/events',
) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: {
      ...who?.headers,
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  /** The text of each piece read off the connection, as the server's writes came. */
  const chunks: string[] = [];
  let text = '';
  let markEnded: (text: string) => void = () => {};
  const ended = new Promise<string>((resolve) => {
    markEnded = resolve;
  });
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    // The web app's reader of the stream (the contract's): what a browser's tab hears.
    const parser = createEventStreamParser({
      onMessage: ({ id, event, data }) => events.push({ id, event, data: JSON.parse(data) }),
      onComment: (line) => comments.push(line),
    });
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const chunk = decoder.decode(value, { stream: true });
          chunks.push(chunk);
          text += chunk;
          parser.push(chunk);
        }
        markEnded(text);
      } catch {
        // Aborted by the test.
      }
    })();
  }
  return {
    response,
    events,
    comments,
    chunks,
    /** The first event matching, waiting up to `timeoutMs`. */
    next: (matches: (event: StreamEvent) => boolean, timeoutMs = 5000) =>
      until(
        () => events.find(matches),
        () => `no such event in ${JSON.stringify(events)}`,
        timeoutMs,
      ),
    /** Everything the stream sent, once the server has ended it. */
    ended: () => ended,
    close: () => controller.abort(),
  };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * An event hub of a test's own on `db`, logging nothing, whose poll is far beyond the test:
 * only NOTIFY, or the look it takes once it listens, can tell it of a change in time.
 */
export function hubWithoutPoll(db: AppDatabase, database: DatabaseConfig): EventHub {
  const log = { warn() {}, error() {} } as never;
  return createEventHub({ db, database, log, pollMs: 600_000 });
}
