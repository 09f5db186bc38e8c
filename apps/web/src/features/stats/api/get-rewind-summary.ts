import type { RewindSummary } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { statsKeys } from './stats-query-keys.ts';

/** GET /api/stats/summaries/{year}: the year's rewind, or null when it has none (404). */
export async function getRewindSummary(year: number): Promise<RewindSummary | null> {
  try {
    return await apiRequest<RewindSummary>(`/api/stats/summaries/${year}`);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function rewindSummaryQueryOptions(year: number) {
  return queryOptions({ queryKey: statsKeys.rewind(year), queryFn: () => getRewindSummary(year) });
}

export function useRewindSummary(year: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rewindSummaryQueryOptions(year), enabled });
}
