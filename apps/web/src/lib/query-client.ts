import { QueryClient } from '@tanstack/react-query';

/** One client for the app's server state; later features add their queries to it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live updates (GET /api/events) refetch what changes; on focus, what is over a
        // minute old is refetched too, for what no event tells (leaderboards, other users).
        staleTime: 60_000,
        refetchOnWindowFocus: true,
        retry: 1,
      },
    },
  });
}
