import type { SeatSwap } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/**
 * GET /api/lans/{id}/seat-swaps: the swaps the viewer asked for or was asked at the lan.
 * A swap asked of them, or answered, reaches their open tabs as a `user` event.
 */
export function listSeatSwaps(lanId: number): Promise<SeatSwap[]> {
  return apiRequest<SeatSwap[]>(`/api/lans/${lanId}/seat-swaps`);
}

export function seatSwapsQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: usersKeys.mySeatSwaps(lanId),
    queryFn: () => listSeatSwaps(lanId),
  });
}

export function useSeatSwaps(lanId: number, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...seatSwapsQueryOptions(lanId), enabled: isEnabled });
}
