import type { Seat } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';

type SeatTarget = { lanId: number; seatId: number };

/**
 * PUT /api/lans/{id}/seats/{seatId}/occupant: seats someone there, moving them from the
 * seat they held (one step). Lan administrators may, also after the plan locks.
 */
export function seatParticipant({ lanId, seatId, userId }: SeatTarget & { userId: number }) {
  return apiRequest<Seat>(`/api/lans/${lanId}/seats/${seatId}/occupant`, {
    method: 'PUT',
    body: { userId },
  });
}

/** DELETE /api/lans/{id}/seats/{seatId}/occupant: frees the seat. */
export function freeSeat({ lanId, seatId }: SeatTarget) {
  return apiRequest<void>(`/api/lans/${lanId}/seats/${seatId}/occupant`, { method: 'DELETE' });
}

/** Seating someone and freeing a seat: the plan and the participants' seats are read again. */
function useSeatChange<Input extends SeatTarget>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (_answer, { lanId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lansKeys.seating(lanId) }),
        queryClient.invalidateQueries({ queryKey: lansKeys.participants(lanId) }),
      ]),
  });
}

export const useSeatParticipant = () => useSeatChange(seatParticipant);
export const useFreeSeat = () => useSeatChange(freeSeat);
