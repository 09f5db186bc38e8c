import type { LanHeadline, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../lib/paging.ts';
import { statsKeys } from './stats-query-keys.ts';

/**
 * GET /api/lans?sinceDate={year}-01-01&untilDate={year+1}-01-01&include=active, every
 * page, as headlines (view=headline: names and dates): the lans of a year, to name the lan
 * that covers a rewind's busiest day.
 */
export function listLansOfYear(year: number): Promise<LanHeadline[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<LanHeadline>>('/api/lans', {
      query: {
        sinceDate: `${year}-01-01`,
        untilDate: `${year + 1}-01-01`,
        include: 'active',
        view: 'headline',
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
