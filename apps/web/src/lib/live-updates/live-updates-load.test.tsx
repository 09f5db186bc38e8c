import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../../components/layout/offline-notice.tsx';
import { stubLiveEvents } from '../../testing/live-events-stub.ts';
import { createTestQueryClient } from '../../testing/render-app.tsx';
import { LiveUpdates } from './live-updates.tsx';

// The stream's code fails to download the first time (the server could not be reached).
const downloads = vi.hoisted(() => ({ failures: 1, tried: 0 }));
vi.mock('./live-stream.ts', async (importOriginal) => {
  downloads.tried += 1;
  if (downloads.failures > 0) {
    downloads.failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('live updates whose code could not be downloaded', () => {
  it('say the site is offline, and follow the stream once the code comes on a retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = stubLiveEvents();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <LiveUpdates open={stream.open}>
          <OfflineNotice />
        </LiveUpdates>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Offline, retrying/)).toBeInTheDocument();
    expect(() => stream.current()).toThrow('The stream was not opened');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    const handlers = await stream.opened();
    expect(downloads.tried).toBe(2);
    act(() => handlers.onOpen?.(false));
    expect(screen.queryByText(/Offline, retrying/)).toBeNull();
  });
});
