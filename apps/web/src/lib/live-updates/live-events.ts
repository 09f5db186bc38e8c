import { createEventStreamParser, type LiveEvent, readLiveEvent } from '@lanparty/contract/rules';
import { apiFetch, isApiError } from '../api-client.ts';

/** What changed, as GET /api/events tells it: the contract's one shape of a live event. */
export type { LiveEvent };

export type LiveEventsHandlers = {
  onEvent: (event: LiveEvent) => void;
  /** The stream is open; `isReconnect` after it was down, when something may be missed. */
  onOpen?: (isReconnect: boolean) => void;
  /** The stream is down; it is tried again after a wait. */
  onDown?: () => void;
  /**
   * Opening the stream failed (no answer, or the server's trouble): the site cannot be
   * reached. Tried again after a wait, at once when the browser comes back online.
   */
  onUnreachable?: () => void;
};

export type LiveEventsOptions = {
  /** The stream: the signed-in user's, or a screen's (`/api/screens/{token}/events`). */
  path?: string;
  /** The wait before the first retry, doubled after each failure up to `maximumRetryMs`. */
  retryMs?: number;
  maximumRetryMs?: number;
  /** Waits before a retry (a test passes a faster one). */
  wait?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
};

const tooManyStreamsRetryMs = 30_000;

/**
 * Keeps one live update stream open until the returned stop is called: read with fetch (the
 * bearer token goes in a header, never in a URL as EventSource would need), reconnected
 * after a drop with `Last-Event-ID` so the server replays what was missed, waiting longer
 * after each failure (at most 30 s, so a tab is back soon after an outage ends) and not at
 * all once the browser is online again. While it cannot be opened, the layout says the site
 * is offline (OfflineNotice). A 401 stops it (the session is over and the API client has
 * said so).
 */
export function openLiveEvents(
  handlers: LiveEventsHandlers,
  {
    path = '/api/events',
    retryMs = 3_000,
    maximumRetryMs = 30_000,
    wait = waitFor,
  }: LiveEventsOptions = {},
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId: string | undefined;
  let serverRetryMs = retryMs;
  let failures = 0;
  let hasOpened = false;

  const parser = createEventStreamParser({
    onMessage: (message) => {
      if (message.id !== undefined) lastEventId = message.id;
      // A kind this app does not know (a later server's) is passed over.
      const event = readLiveEvent(message.event, message.data);
      if (event) handlers.onEvent(event);
    },
    onRetry: (milliseconds) => {
      serverRetryMs = milliseconds;
    },
  });

  async function readStream(): Promise<'ended' | 'unreachable' | 'stop' | number> {
    let isOpen = false;
    try {
      const response = await apiFetch(path, {
        signal,
        // Nothing on screen waits for it: it must not compete with what does.
        priority: 'low',
        headers: {
          Accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
        },
      });
      const reader = response.body?.getReader();
      if (!reader) return 'ended';
      isOpen = true;
      handlers.onOpen?.(hasOpened);
      hasOpened = true;
      failures = 0;
      const decoder = new TextDecoder();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        parser.push(decoder.decode(chunk.value, { stream: true }));
      }
      return 'ended';
    } catch (error) {
      // A 404: the stream is gone for good (a screen switched off).
      if (signal.aborted || isApiError(error, 401) || isApiError(error, 404)) return 'stop';
      if (isApiError(error, 429)) return tooManyStreamsRetryMs;
      return isOpen ? 'ended' : 'unreachable';
    }
  }

  void (async () => {
    while (!signal.aborted) {
      const outcome = await readStream();
      if (outcome === 'stop' || signal.aborted) return;
      if (outcome === 'unreachable') handlers.onUnreachable?.();
      else if (hasOpened) handlers.onDown?.();
      const backoff = Math.min(maximumRetryMs, serverRetryMs * 2 ** failures);
      failures += 1;
      // Many tabs of one server that restarted should not all come back at the same moment.
      const jittered = backoff * (0.75 + Math.random() * 0.5);
      const waitMs = typeof outcome === 'number' ? Math.max(outcome, jittered) : jittered;
      await untilOnlineOr(wait(waitMs, signal));
    }
  })();

  return () => controller.abort();
}

/** The wait, cut short when the browser comes back online: the site may answer again. */
function untilOnlineOr(waiting: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      resolve();
    };
    window.addEventListener('online', done);
    void waiting.then(done);
  });
}

function waitFor(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
