import type { OwnSubscription, Paged } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { fetchAllPages } from '../paging.ts';
import { usersKeys } from './users-query-keys.ts';

/**
 * GET /api/users/me/subscriptions, every page: the viewer's own subscriptions with their
 * lan, and the check-in code of each ticket (Accepted or Paid; null otherwise).
 */
export function listMySubscriptions(): Promise<OwnSubscription[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<OwnSubscription>>('/api/users/me/subscriptions', { query: page }),
  );
}

export function mySubscriptionsQueryOptions() {
  return queryOptions({ queryKey: usersKeys.mySubscriptions(), queryFn: listMySubscriptions });
}

/** Loaded only when wanted (`enabled`): for lanners, or a viewer who holds a ticket. */
export function useMySubscriptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...mySubscriptionsQueryOptions(), enabled });
}
