import type { Seating } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { afterSeatChange } from './after-seat-change.ts';

/** DELETE /api/lans/{id}/seats/{seatId}/occupant: frees a seat (204). */
export function freeSeat(lanId: number, seatId: number): Promise<void> {
  return apiRequest<void>(`/api/lans/${lanId}/seats/${seatId}/occupant`, { method: 'DELETE' });
}

export function useFreeSeat(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seatId: number) => freeSeat(lanId, seatId),
    onSuccess: (_, seatId) =>
      queryClient.setQueryData<Seating>(lansKeys.seating(lanId), (seating) =>
        seating
          ? {
              ...seating,
              seats: seating.seats.map((seat) =>
                seat.id === seatId ? { ...seat, occupant: null } : seat,
              ),
            }
          : seating,
      ),
    onSettled: () => afterSeatChange(queryClient),
  });
}
