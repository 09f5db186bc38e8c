import type { Lan, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys, todayIsoDate } from '../../../lib/lans/lans-query-keys.ts';

/** Spec §9: the lans page asks for 5; the first is shown in full, the others as Soon. */
export const UPCOMING_LANS_LIMIT = 5;

/** GET /api/lans?sinceDate=today&sort=start-date&limit=5: lans ending today or later. */
export async function listUpcomingLans(today: string): Promise<Lan[]> {
  const page = await apiRequest<Paged<Lan>>('/api/lans', {
    query: { sinceDate: today, sort: 'start-date', limit: UPCOMING_LANS_LIMIT },
  });
  return page.items;
}

export function upcomingLansQueryOptions(today: string = todayIsoDate()) {
  return queryOptions({
    queryKey: lansKeys.upcoming(today),
    queryFn: () => listUpcomingLans(today),
  });
}

export function useUpcomingLans() {
  return useQuery(upcomingLansQueryOptions());
}
