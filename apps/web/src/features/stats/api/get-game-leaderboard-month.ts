import type { GameLeaderboardMonth } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { monthApiPath } from '../stats-paths.ts';
import { statsKeys } from './stats-query-keys.ts';

/** Spec §9: the monthly leaderboard shows the top 10 games. */
export const TOP_GAMES_LIMIT = 10;

/** GET /api/stats/leader-boards/games/months/{year}/{month}?limit=10: one page, most first. */
export function getGameLeaderboardMonth(month: string): Promise<GameLeaderboardMonth> {
  return apiRequest<GameLeaderboardMonth>(
    `/api/stats/leader-boards/games/months/${monthApiPath(month)}`,
    { query: { limit: TOP_GAMES_LIMIT } },
  );
}

/**
 * The games of the month the player leaderboard shows (not …/last on its own), so both
 * halves of the screen are always about the same month; waits until that month is known.
 */
export function gameLeaderboardMonthQueryOptions(month: string) {
  return queryOptions({
    queryKey: statsKeys.gameMonth(month),
    queryFn: () => getGameLeaderboardMonth(month),
  });
}

export function useGameLeaderboardMonth(month: string | undefined) {
  return useQuery({
    ...gameLeaderboardMonthQueryOptions(month ?? ''),
    enabled: month !== undefined,
  });
}
