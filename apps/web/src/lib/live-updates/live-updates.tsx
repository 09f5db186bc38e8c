import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createLiveConnection, LiveConnectionContext } from './live-connection.ts';
import type { openLiveEvents } from './live-events.ts';

/**
 * The stream's code (the reader, the event kinds and what each refetches): downloaded as
 * the app has started rather than with the first screen, which shows without it.
 */
const loadLiveStream = () => import('./live-stream.ts');

/** The waits before loading the stream's code again after it failed: 3 s, doubled, 30 s. */
const firstRetryMs = 3_000;
const maximumRetryMs = 30_000;

/**
 * The tab's one live update stream (GET /api/events, or `open`'s), mounted once for the
 * signed-in user: what changed refetches (followLiveEvents). Whether the stream can reach
 * the server is told to `children` (the layout says when the site is offline); the site
 * otherwise works as it does without it. Its code not downloaded (the server could not be
 * reached) counts as unreachable, and is tried again after a wait, at once back online.
 */
export function LiveUpdates({
  open,
  children,
}: {
  open?: typeof openLiveEvents;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [connection] = useState(createLiveConnection);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let isOver = false;
    let retryMs = firstRetryMs;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(retryTimer);
      window.removeEventListener('online', start);
      loadLiveStream().then(
        ({ followLiveEvents }) => {
          if (!isOver) stop ??= followLiveEvents(queryClient, connection, open);
        },
        () => {
          if (isOver) return;
          connection.setUnreachable(true);
          retryTimer = setTimeout(start, retryMs);
          retryMs = Math.min(retryMs * 2, maximumRetryMs);
          window.addEventListener('online', start);
        },
      );
    };
    start();
    return () => {
      isOver = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', start);
      stop?.();
    };
  }, [queryClient, open, connection]);

  return (
    <LiveConnectionContext.Provider value={connection}>{children}</LiveConnectionContext.Provider>
  );
}
