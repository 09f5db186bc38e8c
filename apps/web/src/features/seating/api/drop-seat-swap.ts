import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** DELETE /api/lans/{id}/seat-swaps/{swapId}: declines one asked of the viewer, or withdraws theirs. */
export function dropSeatSwap(lanId: number, swapId: number): Promise<void> {
  return apiRequest<void>(`/api/lans/${lanId}/seat-swaps/${swapId}`, { method: 'DELETE' });
}

export function useDropSeatSwap(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swapId: number) => dropSeatSwap(lanId, swapId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.allMySeatSwaps() }),
  });
}
