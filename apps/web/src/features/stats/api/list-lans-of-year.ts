import type { Lan, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../lib/paging.ts';
import { statsKeys } from './stats-query-keys.ts';

/**
 * GET /api/lans?sinceDate={year}-01-01&untilDate={year+1}-01-01&include=active, every
 * page: the lans of a year, to name the lan that covers a rewind's busiest day.
 */
export function listLansOfYear(year: number): Promise<Lan[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<Lan>>('/api/lans', {
      query: {
        sinceDate: `${year}-01-01`,
        untilDate: `${year + 1}-01-01`,
        include: 'active',
        ...page,
      },
    }),
  );
}

export function lansOfYearQueryOptions(year: number) {
  return queryOptions({
    queryKey: statsKeys.lansOfYear(year),
    queryFn: () => listLansOfYear(year),
  });
}

export function useLansOfYear(year: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...lansOfYearQueryOptions(year), enabled });
}
