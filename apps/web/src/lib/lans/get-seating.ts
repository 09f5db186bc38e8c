import type { Seating } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/**
 * GET /api/lans/{id}/seating: the lan's seat plan, its seats (with who sits there) and its
 * blocks (issue 34). 404 when the lan has no plan, or a draft one for anyone but a lan
 * administrator. One query for the lan page's map and the admin's seat plan editor; a
 * `seating` live event (a plan saved) reads it again, a `seat` event (a pick) follows it
 * with the changes alone (follow-seat-changes.ts).
 */
export function getSeating(lanId: number): Promise<Seating> {
  return apiRequest<Seating>(`/api/lans/${lanId}/seating`);
}

export function seatingQueryOptions(lanId: number) {
  return queryOptions({ queryKey: lansKeys.seating(lanId), queryFn: () => getSeating(lanId) });
}

export function useSeating(lanId: number) {
  return useQuery(seatingQueryOptions(lanId));
}
