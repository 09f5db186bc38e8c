import type { SeatSwap } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { afterSeatChange } from './after-seat-change.ts';

/** POST /api/lans/{id}/seat-swaps/{swapId}/accept: the one asked accepts; both move at once. */
export function acceptSeatSwap(lanId: number, swapId: number): Promise<SeatSwap> {
  return apiRequest<SeatSwap>(`/api/lans/${lanId}/seat-swaps/${swapId}/accept`, {
    method: 'POST',
  });
}

export function useAcceptSeatSwap(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swapId: number) => acceptSeatSwap(lanId, swapId),
    onSettled: () => afterSeatChange(queryClient),
  });
}
