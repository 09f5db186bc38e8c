import type { ClanSeatingPlan, Seating } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { afterSeatChange } from './after-seat-change.ts';

type ClanSeatingQuestion = { clanId: number; everyone: boolean };

/**
 * POST /api/lans/{id}/seating/clan-blocks/plan: who of the clan would move from which seat
 * to which to sit together, or that it sits together already; nothing moves. 409 saying
 * the largest run free when there is no room.
 */
export function planClanSeating(
  lanId: number,
  question: ClanSeatingQuestion,
): Promise<ClanSeatingPlan> {
  return apiRequest<ClanSeatingPlan>(`/api/lans/${lanId}/seating/clan-blocks/plan`, {
    method: 'POST',
    body: question,
  });
}

/**
 * POST /api/lans/{id}/seating/clan-blocks: the plan's moves, as the viewer confirmed them;
 * 409 (and nobody moves) when the seats changed since it was shown.
 */
export function seatClanTogether(lanId: number, plan: ClanSeatingPlan): Promise<Seating> {
  return apiRequest<Seating>(`/api/lans/${lanId}/seating/clan-blocks`, {
    method: 'POST',
    body: {
      clanId: plan.clanId,
      everyone: plan.everyone,
      moves: plan.moves.map(({ userId, seatId }) => ({ userId, seatId })),
    },
  });
}

export function usePlanClanSeating(lanId: number) {
  return useMutation({
    mutationFn: (question: ClanSeatingQuestion) => planClanSeating(lanId, question),
  });
}

export function useSeatClanTogether(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: ClanSeatingPlan) => seatClanTogether(lanId, plan),
    onSuccess: (seating) => queryClient.setQueryData(lansKeys.seating(lanId), seating),
    onSettled: () => afterSeatChange(queryClient),
  });
}
