import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { statsKeys } from './stats-query-keys.ts';

/** GET /api/stats/summaries: the years that have a rewind. */
export function listRewindYears(): Promise<number[]> {
  return apiRequest<number[]>('/api/stats/summaries');
}

export function rewindYearsQueryOptions() {
  return queryOptions({ queryKey: statsKeys.rewindYears(), queryFn: listRewindYears });
}

export function useRewindYears() {
  return useQuery(rewindYearsQueryOptions());
}
