import type { Clan } from '@lanparty/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clansKeys, invalidateClans, showsClans } from '../../../lib/clans/clans-query-keys.ts';

/**
 * GET /api/clans/{id}: the clan, its members (leader first) and the coming lans each is at;
 * `code` only for its leader and member administrators (null for everyone else).
 */
export function getClan(id: number): Promise<Clan> {
  return apiRequest<Clan>(`/api/clans/${id}`);
}

export function clanQueryOptions(id: number) {
  return queryOptions({ queryKey: clansKeys.detail(id), queryFn: () => getClan(id) });
}

/** The clan; `isEnabled: false` once the page knows it is gone (it would only answer 404). */
export function useClan(id: number, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...clanQueryOptions(id), enabled: isEnabled });
}

/**
 * After a change that answered with the clan: it is shown at once, and everything else that
 * shows clans or tags (the list, the viewer's own clan, the lans' subscribers) is read again,
 * without waiting for that: the screen that follows (the clan's page) shows no sooner.
 */
export function showSavedClan(queryClient: QueryClient, clan: Clan): void {
  queryClient.setQueryData(clansKeys.detail(clan.id), clan);
  void invalidateClans(queryClient);
}

/**
 * After a clan is gone (disbanded, or its last member left): everything that shows clans or
 * tags is read again, but the clan itself, which would only answer 404 to the page leaving
 * it; without waiting for that, so the page leaves at once.
 */
export function forgetClan(queryClient: QueryClient, id: number): void {
  const goneKey = JSON.stringify(clansKeys.detail(id));
  void queryClient.invalidateQueries({
    predicate: (query) => showsClans(query.queryKey) && JSON.stringify(query.queryKey) !== goneKey,
  });
}
