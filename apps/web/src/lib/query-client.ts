import { QueryClient } from '@tanstack/react-query';
import { isRetryableFailure } from './explain-load-failure.ts';

/** One client for the app's server state; later features add their queries to it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live updates (GET /api/events) refetch what changes; on focus, what is over a
        // minute old is refetched too, for what no event tells (leaderboards, other users).
        staleTime: 60_000,
        refetchOnWindowFocus: true,
        // Once more when the server may answer otherwise; a 404 is the answer. A read that
        // still fails keeps what it showed (QueryStatus) and is read again by itself
        // (OfflineNotice, and the live updates when their stream is back).
        retry: (failureCount, error) => failureCount < 1 && isRetryableFailure(error),
        // Sent even while the browser says it is offline: the service worker answers with
        // what this device read before, or says it never did (issue 53); a read that waits
        // for the network to return would spin for as long as the hall's internet is down.
        networkMode: 'always',
      },
      mutations: {
        // A change made offline fails at once and says so beside what it changed, rather
        // than waiting unseen to be sent whenever the browser is online again.
        networkMode: 'always',
      },
    },
  });
}
