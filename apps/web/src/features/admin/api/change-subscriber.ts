import type { Subscriber, SubscriberStatus } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';

/** A change an administrator makes to one subscriber. */
export type SubscriberChange =
  | { subscriberId: number; lanId: number; status: SubscriberStatus; reason?: string }
  | { subscriberId: number; lanId: number; present: boolean };

/**
 * PUT /api/subscribers/{id}/status:{status} or /present:{true|false}, empty body; a denial
 * may carry the organiser's reason for the lanner's mail. A 409 says why not (the lan is
 * full, presence of someone not Paid).
 */
export function changeSubscriber(change: SubscriberChange): Promise<Subscriber | undefined> {
  const action =
    'status' in change ? `status:${change.status.toLowerCase()}` : `present:${change.present}`;
  const reason = 'status' in change ? change.reason : undefined;
  return apiRequest<Subscriber | undefined>(`/api/subscribers/${change.subscriberId}/${action}`, {
    method: 'PUT',
    ...(reason ? { body: { reason } } : {}),
  });
}

export function useChangeSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriber,
    // Counts and the other rows may have changed too (someone else's change, capacity, the
    // waitlist moving up), on the admin screens and the public ones alike; the participants
    // and their totals live in the same key tree (adminLansKeys.participants).
    onSettled: () => invalidateLans(queryClient),
  });
}
