import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LiveEventsStub, stubLiveEvents } from '../../testing/live-events-stub.ts';
import { createTestQueryClient } from '../../testing/render-app.tsx';
import { lansKeys } from '../lans/lans-query-keys.ts';
import { LiveUpdates } from './live-updates.tsx';

function ShownLan({ id, fetchLan }: { id: number; fetchLan: (id: number) => Promise<string> }) {
  const lan = useQuery({ queryKey: lansKeys.detail(id), queryFn: () => fetchLan(id) });
  return <p>{lan.data ?? 'loading'}</p>;
}

function renderWithLiveUpdates(stream: LiveEventsStub) {
  const queryClient = createTestQueryClient();
  let version = 0;
  const fetchLan = vi.fn(async (id: number) => `lan ${id} version ${++version}`);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LiveUpdates open={stream.open} />
      <ShownLan id={3} fetchLan={fetchLan} />
    </QueryClientProvider>,
  );
  return { ...view, fetchLan, queryClient };
}

describe('live updates in a tab', () => {
  it('refetches a shown lan once for a burst of events about it, and not for another lan', async () => {
    const stream = stubLiveEvents();
    const { fetchLan } = renderWithLiveUpdates(stream);
    await screen.findByText('lan 3 version 1');

    act(() => {
      for (let index = 0; index < 5; index += 1) {
        stream.current().onEvent({ kind: 'subscriber', lanId: 3, subscriberId: 10 + index });
      }
      stream.current().onEvent({ kind: 'lan', lanId: 3 });
      stream.current().onEvent({ kind: 'lan', lanId: 4 });
    });
    await screen.findByText('lan 3 version 2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchLan).toHaveBeenCalledTimes(2);
  });

  it('refetches what is shown after the stream was down, and on focus while it is down', async () => {
    const stream = stubLiveEvents();
    const { fetchLan } = renderWithLiveUpdates(stream);
    await screen.findByText('lan 3 version 1');

    act(() => stream.current().onOpen?.(false));
    act(() => stream.current().onDown?.());
    act(() => window.dispatchEvent(new Event('focus')));
    await screen.findByText('lan 3 version 2');
    act(() => stream.current().onOpen?.(true));
    await screen.findByText('lan 3 version 3');
    // Up again: focus refetches only what is old, and this is not.
    act(() => window.dispatchEvent(new Event('focus')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchLan).toHaveBeenCalledTimes(3);
  });

  it('closes the stream when the tab leaves the app', () => {
    const stream = stubLiveEvents();
    const { unmount } = renderWithLiveUpdates(stream);
    unmount();
    expect(stream.stop).toHaveBeenCalledOnce();
  });
});
