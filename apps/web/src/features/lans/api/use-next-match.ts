import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tournamentQueryOptions,
  tournamentsKeys,
  useLanTournaments,
} from '../../../lib/tournaments/get-tournaments.ts';
import { type NextMatch, nextMatchOf } from '../model/next-match.ts';

/**
 * The viewer's next match at a lan (`nextMatchOf`), from what the page reads already: the
 * lan's tournaments, then each running one's bracket (GET /api/tournaments/{id}, the read a
 * tournament's page makes, kept for it). Its key is in the lan's tournaments, so their
 * `tournament` events read it again. Only asked for when `isWanted` (a viewer with a
 * ticket, while the lan runs or the day before).
 */
export function useNextMatch(
  lanId: number,
  userId: number | null,
  isWanted: boolean,
): { nextMatch: NextMatch | null; isLoading: boolean } {
  const queryClient = useQueryClient();
  const summaries = useLanTournaments(lanId);
  const runningIds = (summaries.data ?? [])
    .filter((tournament) => tournament.state === 'running')
    .map((tournament) => tournament.id);
  const brackets = useQuery({
    queryKey: [...tournamentsKeys.lan(lanId), 'brackets', ...runningIds],
    queryFn: () =>
      Promise.all(runningIds.map((id) => queryClient.fetchQuery(tournamentQueryOptions(id)))),
    enabled: isWanted && runningIds.length > 0,
  });
  return {
    nextMatch: isWanted ? nextMatchOf(brackets.data ?? [], userId) : null,
    isLoading: isWanted && (summaries.isLoading || brackets.isLoading),
  };
}
