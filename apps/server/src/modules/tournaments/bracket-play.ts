import type { Executor } from '../../db/executor.ts';
import { tournamentWinnerMessage } from '../chat/chat-messages.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { Bracket } from './bracket.ts';
import {
  clearFinalRanks,
  findForfeitedEntryIds,
  findLanName,
  findReadyMatches,
  findStageId,
  hasMatchToPlay,
  setFinalRanks,
} from './bracket-play.repository.ts';
import { dropInvitations } from './entry-members.repository.ts';
import { type EntryWithClan, listEntries, listSoloNames } from './tournament-entries.repository.ts';
import { clearReports } from './tournament-matches.repository.ts';
import { entryNameOf, matchSidesOf } from './tournaments.presenter.ts';
import {
  findTournament,
  markStarted,
  setTournamentState,
  type TournamentRow,
} from './tournaments.repository.ts';

/*
 * Playing a bracket on (issue 37): drawing it, a match ended, the walkovers then due, and
 * the end — the final standings, kept true to the results through every correction
 * (issue 51). Every call runs in the caller's transaction, the tournament's row held.
 */

/** What playing a bracket on needs: the chat, told of a winner, and the time. */
export type PlayDeps = {
  /** Whether the community's chat is connected (CHAT_WEBHOOK_URL). */
  isChatOn: boolean;
  publicUrl: URL;
  clock?: () => Date;
};

export const nowOf = (deps: Pick<PlayDeps, 'clock'>) => deps.clock?.() ?? new Date();

/**
 * Draws the bracket of a tournament not yet started (its row locked), entries in seed
 * order, and gives walkovers where due: the start, and the demo's tournaments.
 */
export async function drawBracket(
  deps: PlayDeps,
  trx: Executor,
  tournament: TournamentRow,
  seededEntryIds: readonly number[],
  now: Date,
): Promise<TournamentRow> {
  await new Bracket(trx, tournament.id).create(tournament, seededEntryIds);
  await markStarted(trx, tournament.id, now);
  // Invitations not answered lapse: a team plays with those who joined (decision 046).
  await dropInvitations(trx, tournament.id);
  await settleWalkovers(deps, trx, { ...tournament, state: 'running' });
  return (await findTournament(trx, tournament.id)) as TournamentRow;
}

/** Ends a match with these scores, clears its reports, and plays on what follows. */
export async function settle(
  deps: PlayDeps,
  trx: Executor,
  tournament: TournamentRow,
  matchId: number,
  scores: readonly [number, number],
): Promise<void> {
  await new Bracket(trx, tournament.id).setScores(matchId, scores);
  await clearReports(trx, [matchId]);
  await settleWalkovers(deps, trx, tournament);
}

/**
 * Gives every ready match of an entry that gave up to the other side, until none is left
 * (a walkover readies the next match), then brings the end up to date (settleEnd).
 */
export async function settleWalkovers(
  deps: PlayDeps,
  trx: Executor,
  tournament: TournamentRow,
): Promise<void> {
  const quitters = await findForfeitedEntryIds(trx, tournament.id);
  const bracket = new Bracket(trx, tournament.id);
  for (let pass = 0; quitters.size > 0 && pass < 1024; pass += 1) {
    const walkover = (await findReadyMatches(trx, tournament.id))
      .map((match) => ({ match, sides: matchSidesOf(match) }))
      .find(({ sides }) => sides.some((side) => side?.id != null && quitters.has(side.id)));
    if (!walkover) break;
    const [first] = walkover.sides;
    await bracket.forfeit(walkover.match.id, first?.id != null && quitters.has(first.id) ? 0 : 1);
    await clearReports(trx, [walkover.match.id]);
  }
  await settleEnd(deps, trx, tournament);
}

/**
 * Brings the tournament's end in line with its results. A match still to play: it runs (a
 * correction that reopened one takes the standings back). None: the final standings are
 * the library's from the results as they are now — worked out again after every change,
 * so a corrected result of a finished tournament moves its winner, places and badges
 * (which follow `final_rank`) too, while it stays finished since it did. A new winner is
 * told to the chat (once per winner).
 */
async function settleEnd(deps: PlayDeps, trx: Executor, tournament: TournamentRow): Promise<void> {
  const now = nowOf(deps);
  if (await hasMatchToPlay(trx, tournament.id)) {
    if (tournament.state === 'finished') {
      await setTournamentState(trx, tournament.id, 'running', now);
      await clearFinalRanks(trx, tournament.id);
    }
    return;
  }
  const stageId = await findStageId(trx, tournament.id);
  if (stageId === undefined) return;
  const standings = await new Bracket(trx, tournament.id).finalStandings(
    stageId,
    tournament.format,
  );
  const rankOf = new Map(standings.map((place) => [place.entryId, place.rank]));
  const entries = await listEntries(trx, [tournament.id]);
  const moved = entries
    .map((entry) => ({ entryId: entry.id, was: entry.final_rank, rank: rankOf.get(entry.id) }))
    .filter((place) => (place.rank ?? null) !== place.was)
    .map(({ entryId, rank }) => ({ entryId, rank: rank ?? null }));
  if (tournament.state === 'finished' && moved.length === 0) return;
  await setFinalRanks(trx, moved);
  if (tournament.state !== 'finished')
    await setTournamentState(trx, tournament.id, 'finished', now);
  if (deps.isChatOn) await tellTheChat(deps, trx, tournament, entries, standings, now);
}

/** The chat hears the podium, once per winner (a corrected winner is told too). */
async function tellTheChat(
  deps: PlayDeps,
  trx: Executor,
  tournament: TournamentRow,
  entries: readonly EntryWithClan[],
  standings: readonly { entryId: number; rank: number }[],
  now: Date,
): Promise<void> {
  const soloNames = await listSoloNames(trx, [tournament.id]);
  const nameOf = (entryId: number) => {
    const entry = entries.find((each) => each.id === entryId);
    return entry ? entryNameOf(entry, soloNames.get(entry.id)) : `Entry ${entryId}`;
  };
  const podium = standings
    .filter((place) => place.rank <= 3)
    .map((place) => ({ rank: place.rank, name: nameOf(place.entryId) }));
  const winner = standings.find((place) => place.rank === 1);
  const lan = await findLanName(trx, tournament.lan_id);
  await enqueueMessage(
    trx,
    {
      channel: 'chat',
      dedupeKey: `tournament:${tournament.id}:winner:${winner?.entryId ?? 0}`,
      payload: tournamentWinnerMessage({
        lan,
        tournament: { id: tournament.id, name: tournament.name, game: tournament.game_name },
        podium,
        publicUrl: deps.publicUrl,
      }),
      // A player alone is named by nickname: erasing them empties the post (issue 50).
      people: {
        named: standings.flatMap((place) => {
          const entry = entries.find((each) => each.id === place.entryId);
          const isAlone = entry?.name === null && entry.captain_user_id !== null;
          return place.rank <= 3 && isAlone ? [entry.captain_user_id as number] : [];
        }),
      },
    },
    now,
  );
}
