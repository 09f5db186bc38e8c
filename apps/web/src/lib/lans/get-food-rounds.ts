import type { FoodRound } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/**
 * GET /api/lans/{id}/food-rounds: the lan's food rounds, newest deadline first, each with
 * its menu and the viewer's own order (issue 54). One query for the lan page, its screen
 * and the organiser's panel; a `food` live event reads it again.
 */
export function getFoodRounds(lanId: number): Promise<FoodRound[]> {
  return apiRequest<FoodRound[]>(`/api/lans/${lanId}/food-rounds`);
}

export function foodRoundsQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: lansKeys.food(lanId),
    queryFn: () => getFoodRounds(lanId),
  });
}

export function useFoodRounds(lanId: number, { isEnabled = true } = {}) {
  return useQuery({ ...foodRoundsQueryOptions(lanId), enabled: isEnabled });
}
