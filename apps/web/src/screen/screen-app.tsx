import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openLiveEvents } from '../lib/live-updates/live-events.ts';
import { LiveUpdates } from '../lib/live-updates/live-updates.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ScreenShow } from './screen-show.tsx';

/**
 * A screen's app: its own query client, and its own live updates (the screen's stream, by
 * its token) refetching what changed at its lan, as the site's pages do.
 */
export function ScreenApp({ token }: { token: string }) {
  const [queryClient] = useState(createQueryClient);
  const [open] = useState(
    () => (handlers: Parameters<typeof openLiveEvents>[0]) =>
      openLiveEvents(handlers, {
        path: `/api/screens/${encodeURIComponent(token)}/events`,
        // Back soon after a server restart: a screen has nobody to press reload.
        maximumRetryMs: 5_000,
      }),
  );
  // A screen runs for days: the browser's record of each request it made (resource timing,
  // 250 entries before it stops adding) is let go each hour rather than kept.
  useEffect(() => {
    const timer = setInterval(() => performance.clearResourceTimings(), 3_600_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates open={open}>
        <ScreenShow token={token} />
      </LiveUpdates>
    </QueryClientProvider>
  );
}
