import type { Seat, Seating } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { afterSeatChange } from './after-seat-change.ts';

type SeatSomeoneInput = { seatId: number; userId: number };

/**
 * PUT /api/lans/{id}/seats/{seatId}/occupant {userId}: pick a seat, move to it (the old one
 * frees in the same step), or seat someone there; 409 saying why not ("Seat A12 was just
 * taken by Nick.", "Seat picking opens on …").
 */
export function seatSomeone(lanId: number, { seatId, userId }: SeatSomeoneInput): Promise<Seat> {
  return apiRequest<Seat>(`/api/lans/${lanId}/seats/${seatId}/occupant`, {
    method: 'PUT',
    body: { userId },
  });
}

/** The map as the answer leaves it: the person on the seat, and off any other. */
function withSeated(seating: Seating, seated: Seat): Seating {
  const userId = seated.occupant?.userId;
  return {
    ...seating,
    seats: seating.seats.map((seat) =>
      seat.id === seated.id
        ? seated
        : seat.occupant && seat.occupant.userId === userId
          ? { ...seat, occupant: null }
          : seat,
    ),
  };
}

export function useSeatSomeone(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeatSomeoneInput) => seatSomeone(lanId, input),
    onSuccess: (seated) =>
      queryClient.setQueryData<Seating>(lansKeys.seating(lanId), (seating) =>
        seating ? withSeated(seating, seated) : seating,
      ),
    onSettled: () => afterSeatChange(queryClient),
  });
}
