import type { Seating } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { afterSeatChange } from './after-seat-change.ts';

type ClanSeating = { clanId: number; everyone: boolean };

/**
 * POST /api/lans/{id}/seating/clan-blocks: the clan's participants without a seat (or all
 * of them) side by side in one row or table; 409 saying the largest run free.
 */
export function seatClanTogether(lanId: number, input: ClanSeating): Promise<Seating> {
  return apiRequest<Seating>(`/api/lans/${lanId}/seating/clan-blocks`, {
    method: 'POST',
    body: input,
  });
}

export function useSeatClanTogether(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClanSeating) => seatClanTogether(lanId, input),
    onSuccess: (seating) => queryClient.setQueryData(lansKeys.seating(lanId), seating),
    onSettled: () => afterSeatChange(queryClient),
  });
}
