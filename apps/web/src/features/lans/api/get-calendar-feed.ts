import type { CalendarFeed } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/settings/calendar-feed: the feed's address and its webcal:// subscription. */
export function getCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/api/settings/calendar-feed');
}

export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'calendar-feed'] as const,
    queryFn: getCalendarFeed,
    // The site's public address changes only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
