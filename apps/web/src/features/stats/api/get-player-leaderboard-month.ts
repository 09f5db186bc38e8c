import type { PlayerRankingMonth } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { monthApiPath } from '../stats-paths.ts';
import { statsKeys } from './stats-query-keys.ts';

/** What the page shows of the players: names, avatars, hours and positions, no games. */
const query = { view: 'ranking' } as const;

/**
 * GET /api/stats/leader-boards/users/months/{year}/{month}?view=ranking, or …/last when
 * `month` is null.
 * Spec §2: an invalid month shows the last month instead of an error, so a month the
 * server refuses (400, 404) falls back to …/last too. Answers null when there is no data
 * at all (…/last is 404).
 */
export async function getPlayerLeaderboardMonth(
  month: string | null,
): Promise<PlayerRankingMonth | null> {
  if (month !== null) {
    try {
      return await apiRequest<PlayerRankingMonth>(
        `/api/stats/leader-boards/users/months/${monthApiPath(month)}`,
        { query },
      );
    } catch (error) {
      if (!isApiError(error, 400) && !isApiError(error, 404)) throw error;
    }
  }
  try {
    return await apiRequest<PlayerRankingMonth>('/api/stats/leader-boards/users/months/last', {
      query,
    });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function playerLeaderboardMonthQueryOptions(month: string | null) {
  return queryOptions({
    queryKey: statsKeys.playerMonth(month),
    queryFn: () => getPlayerLeaderboardMonth(month),
  });
}

export function usePlayerLeaderboardMonth(month: string | null) {
  return useQuery(playerLeaderboardMonthQueryOptions(month));
}
