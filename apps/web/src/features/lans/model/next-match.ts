import type { Tournament, TournamentMatch } from '@lanparty/contract';

/** The viewer's next match in one of a lan's tournaments, as the lan page leads with it. */
export type NextMatch = {
  tournament: Tournament;
  match: TournamentMatch;
  /** The round's name ("Round 2", "Final"), as the bracket names it. */
  roundName: string;
  /** The other side's name; null while it is not known yet (its match is still on). */
  opponent: string | null;
};

/** A match still to play: both sides known (ready, or being played), or one still to come. */
const stillToPlay = new Set<TournamentMatch['status']>(['waiting', 'ready', 'running']);

const isReady = (next: NextMatch) => next.opponent !== null && next.match.status !== 'waiting';

/** The first match still to play of `entryId` in bracket order, one ready before one waiting. */
function nextMatchIn(tournament: Tournament, entryId: number): NextMatch | null {
  const found: NextMatch[] = [];
  for (const round of tournament.groups.flatMap((group) => group.rounds)) {
    for (const match of round.matches) {
      if (!stillToPlay.has(match.status)) continue;
      const side = match.sides.findIndex((each) => each?.entryId === entryId);
      if (side === -1) continue;
      const otherId = match.sides[1 - side]?.entryId ?? null;
      const other = tournament.entries.find((each) => each.id === otherId);
      found.push({ tournament, match, roundName: round.name, opponent: other?.name ?? null });
    }
  }
  return found.find(isReady) ?? found[0] ?? null;
}

/**
 * The next match of the viewer (`userId`, a member of an entry that has not given up,
 * captain or not) over a lan's `tournaments`: in each running one the first still to play,
 * in bracket order; of those, one ready to play before one waiting for its other side, then
 * the tournament started first. Null when the viewer plays in none.
 */
export function nextMatchOf(
  tournaments: readonly Tournament[],
  userId: number | null,
): NextMatch | null {
  if (userId === null) return null;
  const candidates = tournaments.flatMap((tournament) => {
    if (tournament.state !== 'running') return [];
    const entry = tournament.entries.find(
      (each) => !each.forfeited && each.members.some((member) => member.userId === userId),
    );
    const next = entry ? nextMatchIn(tournament, entry.id) : null;
    return next ? [next] : [];
  });
  const startOf = (next: NextMatch) => Date.parse(next.tournament.startedAt ?? '') || 0;
  return (
    candidates.toSorted(
      (a, b) => Number(isReady(b)) - Number(isReady(a)) || startOf(a) - startOf(b),
    )[0] ?? null
  );
}
