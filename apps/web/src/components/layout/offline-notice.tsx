import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isRetryableFailure } from '../../lib/explain-load-failure.ts';
import { readCommunityClock } from '../../lib/format-date.ts';
import { useIsLiveStreamUnreachable } from '../../lib/live-updates/live-connection.ts';
import { offlineMessage } from '../../service-worker/offline-protocol.ts';
import styles from './offline-notice.module.css';

/** How often reads that failed while their screen showed what it had are tried again. */
const readAgainMs = 10_000;

/**
 * A quiet notice while the site cannot be reached: the browser is offline, the live update
 * stream cannot be opened, or a screen's read failed while it kept showing what it had
 * (QueryStatus). What is shown stays usable; the notice says it may be out of date, and
 * goes once the site answers: the stream's return reads everything again, and meanwhile
 * the failed reads are tried again every 10 s.
 */
export function OfflineNotice() {
  const isStreamUnreachable = useIsLiveStreamUnreachable();
  const isBrowserOffline = useIsBrowserOffline();
  const queryClient = useQueryClient();
  const hasFailedReads = useSyncExternalStore(queryClient.getQueryCache().subscribe, () =>
    hasFailedShownReads(queryClient),
  );
  useEffect(() => {
    if (!hasFailedReads) return;
    const timer = setInterval(() => void readFailedAgain(queryClient), readAgainMs);
    return () => clearInterval(timer);
  }, [hasFailedReads, queryClient]);

  const keptSince = useKeptSince();

  const isOffline = isStreamUnreachable || isBrowserOffline || hasFailedReads || !!keptSince;
  // Always there, so a screen reader is ready to announce what appears in it.
  return (
    <div className={styles.region} role="status">
      {isOffline ? (
        <p className={styles.notice}>
          <TriangleAlert aria-hidden="true" size={16} className={styles.icon} />
          <span>
            <strong>Offline, retrying…</strong>{' '}
            {keptSince
              ? `As of ${readCommunityClock(keptSince).time}.`
              : 'What you see may be out of date.'}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * A shown read whose last attempt failed for want of an answer (no answer, a 5xx, 408, 429)
 * while it still holds what it read before. A 403 or 404 is an answer, not an outage.
 */
function hasFailedShownReads(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .some(({ state }) => isUnanswered(state) && state.data !== undefined);
}

const isUnanswered = (state: { status: string; error: unknown }) =>
  state.status === 'error' && isRetryableFailure(state.error);

function readFailedAgain(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({
    type: 'active',
    predicate: ({ state }) => isUnanswered(state),
  });
}

/**
 * When the answers the page shows from what this device kept were read (community time,
 * ISO), or null while the site answers: the service worker says so as it answers (sw.ts).
 */
function useKeptSince(): string | null {
  const [keptSince, setKeptSince] = useState<string | null>(null);
  useEffect(() => {
    const workers = navigator.serviceWorker;
    const hear = ({ data }: MessageEvent) => {
      if (data?.type === offlineMessage) setKeptSince(data.keptSince);
    };
    workers?.addEventListener('message', hear);
    return () => workers?.removeEventListener('message', hear);
  }, []);
  return keptSince;
}

function subscribeToOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function useIsBrowserOffline(): boolean {
  return useSyncExternalStore(subscribeToOnline, () => !navigator.onLine);
}
