import type { LanMessage, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../lib/paging.ts';

/** The key of a lan's messages. */
export const lanMessagesKey = (lanId: number) => ['admin-lans', 'messages', lanId] as const;

/** GET /api/lans/{id}/messages (lan administrators): every message sent, newest first. */
export function listLanMessages(lanId: number): Promise<LanMessage[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<LanMessage>>(`/api/lans/${lanId}/messages`, {
      query: { offset: page.offset, limit: page.limit },
    }),
  );
}

export function lanMessagesQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: lanMessagesKey(lanId),
    queryFn: () => listLanMessages(lanId),
  });
}

export function useLanMessages(lanId: number) {
  return useQuery(lanMessagesQueryOptions(lanId));
}
