import type { Lan, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { fetchAllPages } from '../paging.ts';
import { lansKeys } from './lans-query-keys.ts';

/** GET /api/lans?include=all: every lan, inactive ones too (lan administrators), newest first. */
export function listAllLans(): Promise<Lan[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<Lan>>('/api/lans', {
      query: { include: 'all', sort: '-start-date', offset: page.offset, limit: page.limit },
    }),
  );
}

export function allLansQueryOptions() {
  return queryOptions({ queryKey: lansKeys.everything(), queryFn: listAllLans });
}

export function useAllLans() {
  return useQuery(allLansQueryOptions());
}
