import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateForEvents } from './invalidate-for-events.ts';
import { type LiveEvent, openLiveEvents } from './live-events.ts';

/** How long events are gathered before refetching, so a burst of them costs one refetch. */
const gatherMs = 50;

/**
 * The tab's one live update stream (GET /api/events), mounted once for the signed-in user:
 * each event refetches exactly the queries it touched; after the stream was down, and on
 * window focus while it is down, every shown query is refetched, since something may have
 * been missed. It renders nothing, also when the stream is down: the site then works as it
 * does without it.
 */
export function LiveUpdates({ open = openLiveEvents }: { open?: typeof openLiveEvents }) {
  const queryClient = useQueryClient();

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
        isDown = false;
        if (isReconnect) refetchAll();
      },
      onDown: () => {
        isDown = true;
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
  }, [queryClient, open]);

  return null;
}
