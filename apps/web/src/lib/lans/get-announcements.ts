import type { Announcement } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/**
 * GET /api/lans/{id}/announcements: pinned first, then newest (issue 35). One query for the
 * lan page and the admin screen; an `announcement` live event reads it again.
 */
export function getAnnouncements(lanId: number): Promise<Announcement[]> {
  return apiRequest<Announcement[]>(`/api/lans/${lanId}/announcements`);
}

export function announcementsQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: lansKeys.announcements(lanId),
    queryFn: () => getAnnouncements(lanId),
  });
}

export function useAnnouncements(lanId: number) {
  return useQuery(announcementsQueryOptions(lanId));
}
