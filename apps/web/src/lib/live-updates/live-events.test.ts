import { liveEventSchema } from '@lanparty/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { configureApiClient } from '../api-client.ts';
import { type LiveEvent, openLiveEvents } from './live-events.ts';

/** A stream the test writes to, as the server would, and ends when it likes. */
function openStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started;
    },
  });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** Notes each wait and lets timers run, as a real wait would, without taking its time. */
function recordWaits() {
  const waits: number[] = [];
  const wait = (milliseconds: number) => {
    waits.push(milliseconds);
    return new Promise<void>((resolve) => setTimeout(resolve, 0));
  };
  return { waits, wait };
}

afterEach(() => {
  configureApiClient({});
  vi.unstubAllGlobals();
});

describe('reading a live event', () => {
  it('hands on the three kinds and resync as the contract shapes them, and nothing else', async () => {
    const stream = openStream();
    stubFetch({ 'GET /api/events': () => stream.response });
    const events: LiveEvent[] = [];
    const stop = openLiveEvents({ onEvent: (event) => events.push(event) }, recordWaits());
    stream.write(
      'id: 1\nevent: lan\ndata: {"lanId":"2"}\n\n' +
        'id: 2\nevent: lan\ndata: not json\n\n' +
        'id: 3\nevent: party\ndata: {"lanId":2}\n\n' +
        'id: 4\ndata: {"lanId":2}\n\n' +
        'id: 5\nevent: lan\ndata: {"lanId":2,"email":"x@example.com"}\n\n' +
        'id: 6\nevent: subscriber\ndata: {"lanId":2,"subscriberId":5}\n\n' +
        'id: 7\nevent: user\ndata: {"userId":9}\n\n' +
        'event: resync\ndata: {}\n\n',
    );
    const expected = [
      { kind: 'lan', lanId: 2 },
      { kind: 'subscriber', lanId: 2, subscriberId: 5 },
      { kind: 'user', userId: 9 },
      { kind: 'resync' },
    ];
    await vi.waitFor(() => expect(events).toEqual(expected));
    for (const event of events) expect(liveEventSchema.parse(event)).toEqual(event);
    stop();
  });
});

describe('the live event stream', () => {
  it('sends the token in a header, hands on each event, and resumes after a drop where it was', async () => {
    configureApiClient({ getAccessToken: () => 'token-1' });
    const first = openStream();
    const second = openStream();
    const { requests } = stubFetch({
      'GET /api/events': () => (requests.length === 1 ? first.response : second.response),
    });
    const events: LiveEvent[] = [];
    const opens: boolean[] = [];
    let downs = 0;
    const stop = openLiveEvents(
      {
        onEvent: (event) => events.push(event),
        onOpen: (isReconnect) => opens.push(isReconnect),
        onDown: () => {
          downs += 1;
        },
      },
      { wait: recordWaits().wait },
    );

    await vi.waitFor(() => expect(opens).toEqual([false]));
    first.write('retry: 3000\n\nid: 41\nevent: lan\ndata: {"lanId":3}\n\n');
    await vi.waitFor(() => expect(events).toEqual([{ kind: 'lan', lanId: 3 }]));
    first.end();

    await vi.waitFor(() => expect(opens).toEqual([false, true]));
    expect(downs).toBe(1);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(requests[0]?.headers.get('Last-Event-ID')).toBeNull();
    expect(requests[0]?.url.search).toBe('');
    expect(requests[1]?.headers.get('Last-Event-ID')).toBe('41');
    second.write('id: 42\nevent: user\ndata: {"userId":9}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(2));
    stop();
  });

  it('stops for good when the session is over (401)', async () => {
    configureApiClient({ getAccessToken: () => 'expired', onUnauthorized: () => {} });
    const { requests } = stubFetch({ 'GET /api/events': () => problemResponse(401) });
    const { waits, wait } = recordWaits();
    openLiveEvents({ onEvent: () => {} }, { wait });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('waits at least 30 s when the server holds too many streams, and longer after each failure', async () => {
    configureApiClient({ getAccessToken: () => 'token-1' });
    let calls = 0;
    stubFetch({
      'GET /api/events': () => {
        calls += 1;
        return calls === 1 ? problemResponse(429) : problemResponse(503);
      },
    });
    const { waits, wait } = recordWaits();
    const stop = openLiveEvents({ onEvent: () => {} }, { retryMs: 1_000, wait });
    await vi.waitFor(() => expect(waits.length).toBeGreaterThanOrEqual(3));
    stop();
    expect(waits[0]).toBeGreaterThanOrEqual(30_000);
    // 1 s, 2 s, 4 s … with a quarter either way, so many tabs do not come back at once.
    expect(waits[1]).toBeGreaterThanOrEqual(1_500);
    expect(waits[1]).toBeLessThanOrEqual(2_500);
    expect(waits[2]).toBeGreaterThanOrEqual(3_000);
    expect(waits[2]).toBeLessThanOrEqual(5_000);
  });

  it('tells when the server cannot be reached, and tries again at once when back online', async () => {
    configureApiClient({ getAccessToken: () => 'token-1' });
    const stream = openStream();
    let isServerDown = true;
    const { requests } = stubFetch({
      'GET /api/events': () => {
        if (isServerDown) throw new TypeError('Failed to fetch');
        return stream.response;
      },
    });
    const events: string[] = [];
    // A wait that never ends by itself: only coming back online ends it.
    const stop = openLiveEvents(
      {
        onEvent: () => {},
        onOpen: (isReconnect) => events.push(`open ${isReconnect}`),
        onDown: () => events.push('down'),
        onUnreachable: () => events.push('unreachable'),
      },
      { wait: () => new Promise<void>(() => {}) },
    );
    await vi.waitFor(() => expect(events).toEqual(['unreachable']));
    expect(requests).toHaveLength(1);

    isServerDown = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(events).toEqual(['unreachable', 'open false']));
    expect(requests).toHaveLength(2);
    stop();
  });

  it('counts a server in trouble (503) as unreachable, and a stream that ended as down', async () => {
    configureApiClient({ getAccessToken: () => 'token-1' });
    const first = openStream();
    const { requests } = stubFetch({
      'GET /api/events': () => (requests.length === 1 ? first.response : problemResponse(503)),
    });
    const events: string[] = [];
    const stop = openLiveEvents(
      {
        onEvent: () => {},
        onOpen: () => events.push('open'),
        onDown: () => events.push('down'),
        onUnreachable: () => events.push('unreachable'),
      },
      { wait: recordWaits().wait },
    );
    await vi.waitFor(() => expect(events).toEqual(['open']));
    first.end();
    await vi.waitFor(() => expect(events.slice(0, 3)).toEqual(['open', 'down', 'unreachable']));
    stop();
  });
});
