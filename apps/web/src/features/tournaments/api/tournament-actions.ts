import type {
  MatchResult,
  Tournament,
  TournamentEntryInput,
  TournamentInput,
  TournamentMatch,
  TournamentStart,
} from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tournamentsKeys } from '../../../lib/tournaments/get-tournaments.ts';

/** Every change of a tournament, as the API takes it (issue 37). */
export const tournamentActions = {
  create: ({ lanId, input }: { lanId: number; input: TournamentInput }) =>
    apiRequest<Tournament>(`/api/lans/${lanId}/tournaments`, { method: 'POST', body: input }),
  change: ({ id, input }: { id: number; input: TournamentInput }) =>
    apiRequest<Tournament>(`/api/tournaments/${id}`, { method: 'PUT', body: input }),
  remove: ({ id }: { id: number }) =>
    apiRequest<void>(`/api/tournaments/${id}`, { method: 'DELETE' }),
  enter: ({ id, input }: { id: number; input: TournamentEntryInput }) =>
    apiRequest<Tournament>(`/api/tournaments/${id}/entries`, { method: 'POST', body: input }),
  withdraw: ({ id, entryId }: { id: number; entryId: number }) =>
    apiRequest<void>(`/api/tournaments/${id}/entries/${entryId}`, { method: 'DELETE' }),
  /** The one invited joins the team (decision 046). */
  join: ({ id, entryId, userId }: { id: number; entryId: number; userId: number }) =>
    apiRequest<Tournament>(`/api/tournaments/${id}/entries/${entryId}/members/${userId}`, {
      method: 'PUT',
    }),
  /** One leaves an entry or declines an invitation; its captain takes anyone out. */
  removeMember: ({ id, entryId, userId }: { id: number; entryId: number; userId: number }) =>
    apiRequest<void>(`/api/tournaments/${id}/entries/${entryId}/members/${userId}`, {
      method: 'DELETE',
    }),
  checkIn: ({ id, entryId }: { id: number; entryId: number }) =>
    apiRequest<Tournament>(`/api/tournaments/${id}/entries/${entryId}/check-in`, {
      method: 'POST',
    }),
  start: ({ id, input }: { id: number; input: TournamentStart }) =>
    apiRequest<Tournament>(`/api/tournaments/${id}/start`, { method: 'POST', body: input }),
  report: ({ matchId, scores }: { matchId: number; scores: [number, number] }) =>
    apiRequest<TournamentMatch>(`/api/matches/${matchId}/report`, {
      method: 'PUT',
      body: { scores },
    }),
  result: ({ matchId, input }: { matchId: number; input: MatchResult }) =>
    apiRequest<TournamentMatch>(`/api/matches/${matchId}/result`, { method: 'PUT', body: input }),
};

/**
 * A change of a tournament: what it answers (a whole tournament) is put in place, and the
 * lan's list and the tournament are read again (the live event would too, a moment later).
 */
export function useTournamentAction<Input, Output>(action: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (output) => {
      if (output && typeof output === 'object' && 'entries' in output) {
        const tournament = output as unknown as Tournament;
        queryClient.setQueryData(tournamentsKeys.detail(tournament.id), tournament);
      }
      return queryClient.invalidateQueries({ queryKey: ['tournaments'] });
    },
  });
}
