import type { Tournament, TournamentSummary } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/**
 * Tournaments (issue 37). Keys outside the lans tree: a `tournament` live event reads again
 * the lan's list and the tournament shown (invalidateForEvents), nothing else.
 */
export const tournamentsKeys = {
  lan: (lanId: number) => ['tournaments', 'lan', lanId] as const,
  detail: (id: number) => ['tournaments', 'detail', id] as const,
};

export function lanTournamentsQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: tournamentsKeys.lan(lanId),
    queryFn: () => apiRequest<TournamentSummary[]>(`/api/lans/${lanId}/tournaments`),
  });
}

export function useLanTournaments(lanId: number) {
  return useQuery(lanTournamentsQueryOptions(lanId));
}

export function tournamentQueryOptions(id: number) {
  return queryOptions({
    queryKey: tournamentsKeys.detail(id),
    queryFn: () => apiRequest<Tournament>(`/api/tournaments/${id}`),
  });
}

export function useTournament(id: number) {
  return useQuery(tournamentQueryOptions(id));
}
