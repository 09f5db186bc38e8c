import type { SubscribeInput, Subscriber } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** POST /api/subscribers: 201 with the new (Pending) subscriber; 409 when closed, full or taken. */
export function subscribeToLan(input: SubscribeInput): Promise<Subscriber> {
  return apiRequest<Subscriber>('/api/subscribers', { method: 'POST', body: input });
}

/** Subscribes, then refetches every lan query so counts and the table are the server's. */
export function useSubscribeToLan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeToLan,
    onSettled: () =>
      Promise.all([
        invalidateLans(queryClient),
        queryClient.invalidateQueries({ queryKey: usersKeys.mySubscriptions() }),
      ]),
  });
}
