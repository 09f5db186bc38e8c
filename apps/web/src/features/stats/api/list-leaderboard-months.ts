import type { LeaderboardMonths } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { statsKeys } from './stats-query-keys.ts';

/** GET /api/stats/leader-boards: the months (yyyy-MM-01, newest first) that have data. */
export function listLeaderboardMonths(): Promise<LeaderboardMonths> {
  return apiRequest<LeaderboardMonths>('/api/stats/leader-boards');
}

export function leaderboardMonthsQueryOptions() {
  return queryOptions({ queryKey: statsKeys.months(), queryFn: listLeaderboardMonths });
}

export function useLeaderboardMonths() {
  return useQuery(leaderboardMonthsQueryOptions());
}
