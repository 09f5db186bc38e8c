import type { Paged, Subscriber } from '@lanparty/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../lib/paging.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** GET /api/users/me/subscriptions, every page: the viewer's subscriptions with their lan. */
export function listMySubscriptions(): Promise<Subscriber[]> {
  return fetchAllPages((page) =>
    apiRequest<Paged<Subscriber>>('/api/users/me/subscriptions', { query: page }),
  );
}

/** Spec §6: participated lans are loaded only for lanners (`enabled`). */
export function useMySubscriptions({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: usersKeys.mySubscriptions(), queryFn: listMySubscriptions, enabled });
}
