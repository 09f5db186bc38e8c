import type { ClanListItem, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../lib/paging.ts';

/** GET /api/clans: every clan, by name (a block of seats can be kept for one). */
export function listClans(): Promise<ClanListItem[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<ClanListItem>>('/api/clans', {
      query: { offset: page.offset, limit: page.limit },
    }),
  );
}

export function useClans() {
  return useQuery(queryOptions({ queryKey: ['clans', 'all'], queryFn: listClans }));
}
