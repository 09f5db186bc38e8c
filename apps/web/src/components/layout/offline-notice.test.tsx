import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { LiveUpdates } from '../../lib/live-updates/live-updates.tsx';
import { type LiveEventsStub, stubLiveEvents } from '../../testing/live-events-stub.ts';
import { createTestQueryClient } from '../../testing/render-app.tsx';
import { OfflineNotice } from './offline-notice.tsx';

function ShownLan({ read }: { read: () => Promise<string> }) {
  const lan = useQuery({ queryKey: ['lans', 'detail', 3], queryFn: read });
  return <p>{lan.data ?? 'loading'}</p>;
}

function renderTab(stream: LiveEventsStub, read: () => Promise<string>) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <LiveUpdates open={stream.open}>
        <ShownLan read={read} />
        <OfflineNotice />
      </LiveUpdates>
    </QueryClientProvider>,
  );
}

const setOnline = (isOnline: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
};

afterEach(() => {
  vi.restoreAllMocks();
});

/*
 * Issue 32: an open tab (a lanner's too) says quietly that it is offline while the live
 * update stream cannot reach the server, and stops saying so once it is back.
 */
describe('the offline notice', () => {
  it('says as of when a kept answer was read while the page shows one, and goes with the site’s', () => {
    // The service worker, which tells the page as it answers from what it kept (sw.ts).
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    try {
      const stream = stubLiveEvents();
      renderTab(stream, async () => 'lan');
      const tell = (keptSince: string | null) =>
        act(() => {
          worker.dispatchEvent(
            new MessageEvent('message', { data: { type: 'lanparty:offline', keptSince } }),
          );
        });
      tell('2026-12-05T18:04:00.000+01:00');
      expect(screen.getByRole('status')).toHaveTextContent('Offline, retrying… As of 18:04.');
      tell(null);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('shows while the stream cannot reach the server, and goes when it is back', async () => {
    const stream = stubLiveEvents();
    let version = 0;
    renderTab(stream, async () => `lan version ${++version}`);
    await screen.findByText('lan version 1');
    act(() => stream.current().onOpen?.(false));
    // An empty live region, ready before anything appears in it.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => stream.current().onDown?.());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => stream.current().onUnreachable?.());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Offline, retrying… What you see may be out of date.',
    );
    expect(screen.getByText('lan version 1')).toBeInTheDocument();

    act(() => stream.current().onOpen?.(true));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    // What may have been missed meanwhile is read again.
    expect(await screen.findByText('lan version 2')).toBeInTheDocument();
  });

  it('shows while the browser is offline', async () => {
    const stream = stubLiveEvents();
    renderTab(stream, async () => 'lan');
    await screen.findByText('lan');
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('Offline, retrying…');
    act(() => setOnline(true));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows while a shown read that failed keeps what it read before', async () => {
    const stream = stubLiveEvents();
    let isServerDown = false;
    renderTab(stream, async () => {
      if (isServerDown) throw new TypeError('Failed to fetch');
      return 'lan';
    });
    await screen.findByText('lan');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    isServerDown = true;
    // Focus while the stream is down reads every shown query again.
    act(() => stream.current().onDown?.());
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('Offline, retrying…')).toBeInTheDocument();
    expect(screen.getByText('lan')).toBeInTheDocument();
  });

  it('does not show for a read the server answered with a refusal (403, 404): that is no outage', async () => {
    const stream = stubLiveEvents();
    let refusal: number | undefined;
    let reads = 0;
    renderTab(stream, async () => {
      reads += 1;
      if (refusal !== undefined)
        throw new ApiError({ status: refusal, type: 'about:blank', title: 'Refused', errors: {} });
      return 'lan';
    });
    await screen.findByText('lan');
    // Focus while the stream is down reads every shown query again.
    act(() => stream.current().onDown?.());
    for (const status of [403, 404]) {
      refusal = status;
      const readsBefore = reads;
      act(() => window.dispatchEvent(new Event('focus')));
      await vi.waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
      await act(async () => {});
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      expect(screen.getByText('lan')).toBeInTheDocument();
    }
    // The same read without an answer is an outage.
    refusal = 503;
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('Offline, retrying…')).toBeInTheDocument();
  });
});
