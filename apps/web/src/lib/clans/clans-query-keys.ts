import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { lansKeys } from '../lans/lans-query-keys.ts';
import { usersKeys } from '../users/users-query-keys.ts';

/** Query keys of clans (issue 34): the list and each clan. */
export const clansKeys = {
  all: ['clans'] as const,
  list: (paging: { offset: number; limit: number }) => ['clans', 'list', paging] as const,
  detail: (id: number) => ['clans', 'detail', id] as const,
};

/**
 * Whether a query shows a clan, or people with their clan's tag beside their nicknames:
 * the clans, the viewer (their own clan), users and the lists of them, and the lans (their
 * subscribers). Not the viewer's other reads (the Steam sync, the playtime status, their
 * subscriptions): no clan changes those, and the Steam sync is not to be asked again.
 */
export function showsClans(key: QueryKey): boolean {
  const [area, part] = key;
  if (area === clansKeys.all[0] || area === lansKeys.all[0]) return true;
  if (area !== usersKeys.all[0]) return false;
  return (key.length === 2 && part === 'me') || part === 'list' || part === 'detail';
}

/**
 * After a clan changed here (made, renamed, joined, left, disbanded): every query that
 * shows clans or tags is read again, now if shown, else when next shown. The other tabs
 * hear it as a `clan` live event, which refetches the same.
 */
export function invalidateClans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => showsClans(query.queryKey) });
}
