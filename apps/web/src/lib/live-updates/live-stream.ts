import type { QueryClient } from '@tanstack/react-query';
import { invalidateForEvents } from './invalidate-for-events.ts';
import type { LiveConnection } from './live-connection.ts';
import { type LiveEvent, openLiveEvents } from './live-events.ts';

/** How long events are gathered before refetching, so a burst of them costs one refetch. */
const gatherMs = 50;

/**
 * Follows the live update stream until the returned stop is called: each event refetches
 * exactly the queries it touched (a burst of them one refetch); after the stream was down,
 * and on window focus while it is down, every shown query is refetched, since something may
 * have been missed. Whether the stream reaches the server goes to `connection`.
 */
export function followLiveEvents(
  queryClient: QueryClient,
  connection: LiveConnection,
  open: typeof openLiveEvents = openLiveEvents,
): () => void {
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
}
