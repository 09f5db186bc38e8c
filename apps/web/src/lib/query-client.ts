import { QueryClient } from '@tanstack/react-query';

/** One client for the app's server state; later features add their queries to it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lans and leaderboards change slowly; refetching on every focus is noise.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}
