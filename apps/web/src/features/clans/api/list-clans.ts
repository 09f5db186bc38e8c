import type { ClanListItem, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clansKeys } from '../../../lib/clans/clans-query-keys.ts';

type PageRequest = { offset: number; limit: number };

/** GET /api/clans: the clans by name, a page at a time, with how many members each has. */
export function listClans(page: PageRequest): Promise<Paged<ClanListItem>> {
  return apiRequest<Paged<ClanListItem>>('/api/clans', { query: page });
}

export function clansQueryOptions(page: PageRequest) {
  return queryOptions({ queryKey: clansKeys.list(page), queryFn: () => listClans(page) });
}

/** One page of clans. */
export function useClans(page: PageRequest) {
  return useQuery(clansQueryOptions(page));
}
