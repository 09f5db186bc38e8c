import type { Lan, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys, todayIsoDate } from '../../../lib/lans/lans-query-keys.ts';
import { fetchAllPages } from '../../../lib/paging.ts';

/** GET /api/lans?untilDate=today&sort=-start-date, every page: the lans that have ended. */
export function listPastLans(today: string): Promise<Lan[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<Lan>>('/api/lans', {
      query: { untilDate: today, sort: '-start-date', ...page },
    }),
  );
}

export function pastLansQueryOptions(today: string = todayIsoDate()) {
  return queryOptions({ queryKey: lansKeys.past(today), queryFn: () => listPastLans(today) });
}

export function usePastLans() {
  return useQuery(pastLansQueryOptions());
}
