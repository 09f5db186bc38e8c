import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { invalidateForEvents } from './invalidate-for-events.ts';
import { createLiveConnection, LiveConnectionContext } from './live-connection.ts';
import { type LiveEvent, openLiveEvents } from './live-events.ts';

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
  open = openLiveEvents,
  children,
}: {
  open?: typeof openLiveEvents;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [connection] = useState(createLiveConnection);

  useEffect(() => {
    let isDown = false;
    let gathered = new Map<string, LiveEvent>();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      flushTimer = undefined;
      const events = [...gathered.values()];
      gathered = new Map();
      void invalidateForEvents(queryClient, events);
    };
    const refetchAll = () => void queryClient.invalidateQueries();

    const stop = open({
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
    const onFocus = () => {
      if (isDown) refetchAll();
    };
    window.addEventListener('focus', onFocus);
    return () => {
      stop();
      clearTimeout(flushTimer);
      window.removeEventListener('focus', onFocus);
    };
  }, [queryClient, open, connection]);

  return (
    <LiveConnectionContext.Provider value={connection}>{children}</LiveConnectionContext.Provider>
  );
}
