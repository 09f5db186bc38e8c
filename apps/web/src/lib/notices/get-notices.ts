import type { NoticeList } from '@lanparty/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** GET /api/users/me/notices (issue 53): the viewer's notices; a `notice` event reads it again. */
export const noticesQueryOptions = queryOptions({
  queryKey: ['notices'],
  queryFn: () => apiRequest<NoticeList>('/api/users/me/notices'),
});
