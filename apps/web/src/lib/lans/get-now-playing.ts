import type { NowPlaying } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** Outside the lans' key tree: no live event touches it (lans-query-keys.ts). */
export const nowPlayingKey = (lanId: number) => ['now-playing', lanId] as const;

/** The Steam collector looks every minute; no live event tells of what it finds. */
const everyMinute = 60_000;

/**
 * GET /api/lans/{id}/now-playing (issue 35): who of the lan's present participants plays
 * what, read again each minute while shown (the lan page and its screens).
 */
export function nowPlayingQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: nowPlayingKey(lanId),
    queryFn: () => apiRequest<NowPlaying>(`/api/lans/${lanId}/now-playing`),
    refetchInterval: everyMinute,
    staleTime: everyMinute / 2,
  });
}

export function useNowPlaying(lanId: number, { isEnabled = true } = {}) {
  return useQuery({ ...nowPlayingQueryOptions(lanId), enabled: isEnabled });
}
