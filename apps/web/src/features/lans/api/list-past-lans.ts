import type { LanHeadline, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys, todayIsoDate } from '../../../lib/lans/lans-query-keys.ts';
import { fetchAllPages } from '../../../lib/paging.ts';

/**
 * GET /api/lans?untilDate=today&sort=-start-date&view=headline, every page: the lans that
 * have ended, as their archive cards show them (names, dates and banners, no subscribers).
 */
export function listPastLans(today: string): Promise<LanHeadline[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<LanHeadline>>('/api/lans', {
      query: { untilDate: today, sort: '-start-date', view: 'headline', ...page },
    }),
  );
}

export function pastLansQueryOptions(today: string = todayIsoDate()) {
  return queryOptions({ queryKey: lansKeys.past(today), queryFn: () => listPastLans(today) });
}

export function usePastLans() {
  return useQuery(pastLansQueryOptions());
}
