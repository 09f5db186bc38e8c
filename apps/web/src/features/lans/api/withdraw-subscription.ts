import type { Lan } from '@lanparty/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans, lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** DELETE /api/subscribers/{id}: 204; 409 when the subscription is Paid. */
export function withdrawSubscription(subscriberId: number): Promise<void> {
  return apiRequest<void>(`/api/subscribers/${subscriberId}`, { method: 'DELETE' });
}

/**
 * Withdraws, removes the subscriber from every cached lan at once (spec §4: "removes it
 * from the list"), then refetches the lans.
 */
export function useWithdrawSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawSubscription,
    onSuccess: (_, subscriberId) => {
      const withoutSubscriber = (lan: Lan): Lan => ({
        ...lan,
        subscribers: lan.subscribers.filter((subscriber) => subscriber.id !== subscriberId),
      });
      const update = (data: unknown) =>
        Array.isArray(data)
          ? (data as Lan[]).map(withoutSubscriber)
          : data && typeof data === 'object' && 'subscribers' in data
            ? withoutSubscriber(data as Lan)
            : data;
      for (const [key] of queryClient.getQueriesData({ queryKey: lansKeys.all })) {
        queryClient.setQueryData(key as QueryKey, update);
      }
    },
    onSettled: () =>
      Promise.all([
        invalidateLans(queryClient),
        queryClient.invalidateQueries({ queryKey: usersKeys.mySubscriptions() }),
      ]),
  });
}
