import type { QueryClient } from '@tanstack/react-query';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/**
 * After a pick, move, free, swap or clan seating here, whatever it won or lost: the lan's
 * map and participants, the viewer's tickets (their seat) and seat swaps are read again
 * (a 409 "just taken" shows the seat taken at once). Other tabs hear it as a `seat` event.
 */
export function afterSeatChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateLans(queryClient),
    queryClient.invalidateQueries({ queryKey: usersKeys.mySubscriptions() }),
    queryClient.invalidateQueries({ queryKey: usersKeys.allMySeatSwaps() }),
  ]);
}
