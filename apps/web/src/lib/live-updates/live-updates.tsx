import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createLiveConnection, LiveConnectionContext } from './live-connection.ts';
import type { LiveEvent, openLiveEvents } from './live-events.ts';

/** The stream's code, loaded once the app runs: the first screen does without it. */
const loadStream = () => import('./live-stream.ts');

/** How long events are gathered before refetching, so a burst of them costs one refetch. */
const gatherMs = 50;

/**
 * The tab's one live update stream (GET /api/events), mounted once for the signed-in user:
 * each event refetches exactly the queries it touched; after the stream was down, and on
 * window focus while it is down, every shown query is refetched, since something may have
 * been missed. Whether the stream can reach the server is told to `children` (the layout
 * says when the site is offline); the site otherwise works as it does without it.
 */
export function LiveUpdates({
  open,
  children,
}: {
  /** The stream to open (a screen's, a test's); the signed-in user's when left out. */
  open?: typeof openLiveEvents;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [connection] = useState(createLiveConnection);

  useEffect(() => {
    let isDown = false;
    let isStopped = false;
    let stop = () => {};
    let gathered = new Map<string, LiveEvent>();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      flushTimer = undefined;
      const events = [...gathered.values()];
      gathered = new Map();
      void loadStream().then((stream) => stream.invalidateForEvents(queryClient, events));
    };
    const refetchAll = () => void queryClient.invalidateQueries();

    const start = (openStream: typeof openLiveEvents) =>
      openStream({
        onEvent: (event) => {
          gathered.set(JSON.stringify(event), event);
          flushTimer ??= setTimeout(flush, gatherMs);
        },
        onOpen: (isReconnect) => {
          // Back after the server could not be reached: what failed meanwhile reads again.
          if (isReconnect || connection.isUnreachable()) refetchAll();
          isDown = false;
          connection.setUnreachable(false);
        },
        onDown: () => {
          isDown = true;
        },
        onUnreachable: () => {
          isDown = true;
          connection.setUnreachable(true);
        },
      });
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    // Its code could not be had (offline as the app started): the site says it is offline
    // and tries again, as the stream itself does.
    const begin = () =>
      void loadStream().then(
        (stream) => {
          if (!isStopped) stop = start(stream.openLiveEvents);
        },
        () => {
          if (isStopped) return;
          connection.setUnreachable(true);
          retryTimer = setTimeout(begin, 5_000);
        },
      );
    // A stream given (a screen's, a test's) opens at once.
    if (open) stop = start(open);
    else begin();
    const onFocus = () => {
      if (isDown) refetchAll();
    };
    window.addEventListener('focus', onFocus);
    return () => {
      isStopped = true;
      stop();
      clearTimeout(flushTimer);
      clearTimeout(retryTimer);
      window.removeEventListener('focus', onFocus);
    };
  }, [queryClient, open, connection]);

  return (
    <LiveConnectionContext.Provider value={connection}>{children}</LiveConnectionContext.Provider>
  );
}
