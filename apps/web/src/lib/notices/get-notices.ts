import type { NoticeList } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** GET /api/users/me/notices (issue 53): the viewer's notices; a `notice` event reads it again. */
export const noticesQueryOptions = queryOptions({
  queryKey: ['notices'],
  queryFn: () => apiRequest<NoticeList>('/api/users/me/notices'),
});

/** How many of the viewer's notices are new (the count on the header's Notices link). */
export function useUnseenNotices(isSignedIn: boolean): number {
  return (
    useQuery({ ...noticesQueryOptions, enabled: isSignedIn, select: (list) => list.unseen }).data ??
    0
  );
}
