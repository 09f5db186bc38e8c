import type { SeatSwap } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** POST /api/lans/{id}/seat-swaps {userId}: asks a seated lanner to swap seats (201). */
export function askSeatSwap(lanId: number, userId: number): Promise<SeatSwap> {
  return apiRequest<SeatSwap>(`/api/lans/${lanId}/seat-swaps`, {
    method: 'POST',
    body: { userId },
  });
}

export function useAskSeatSwap(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => askSeatSwap(lanId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.allMySeatSwaps() }),
  });
}
