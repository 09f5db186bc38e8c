import type { RewindView } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { statsKeys } from './stats-query-keys.ts';

/**
 * GET /api/stats/summaries/{year}?view=viewer: the year's rewind as the page shows it to the
 * viewer (users as headlines, the viewer's own favourite games), or null when it has none.
 */
export async function getRewindSummary(year: number): Promise<RewindView | null> {
  try {
    return await apiRequest<RewindView>(`/api/stats/summaries/${year}`, {
      query: { view: 'viewer' },
    });
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
