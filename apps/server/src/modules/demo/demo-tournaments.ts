import { placeTakingStatuses } from '@lanparty/contract/rules';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { matchStatus } from '../tournaments/bracket.ts';
import { drawBracket, type PlayDeps, settle } from '../tournaments/bracket-play.ts';
import { insertEntry } from '../tournaments/tournament-entries.repository.ts';
import { findBracket } from '../tournaments/tournament-matches.repository.ts';
import { matchSidesOf, presentGroups } from '../tournaments/tournaments.presenter.ts';
import {
  insertTournament,
  lockTournament,
  type TournamentFields,
  type TournamentRow,
} from '../tournaments/tournaments.repository.ts';
import { createRandom, type Random } from './seeded-random.ts';

/**
 * The demo's tournaments (issue 37): one finished on the last past lan (a duel of eight,
 * its final best of three), one under way on the next lan (double elimination, teams of
 * two; the demo account `member` captains one, its match ready with the other side's
 * report in, for them to confirm).
 */
export async function seedDemoTournaments(
  trx: Executor,
  options: { nextLanId: number; memberUserId: number | undefined; now: Date },
): Promise<void> {
  const { now } = options;
  const random = createRandom(20_250_137);
  const past = await trx
    .selectFrom('lans')
    .select(['id', 'start_date', 'end_date'])
    .where('is_active', '=', true)
    .where('end_date', '<', now.toISOString())
    .orderBy('end_date', 'desc')
    .executeTakeFirst();
  if (past) {
    const start = new Date(toIsoTimestamp(past.start_date));
    const players = await participantsOf(trx, past.id, true);
    const duel = await made(
      trx,
      past.id,
      {
        name: 'Quake duel',
        gameName: 'Quake III Arena',
        format: 'single_elimination',
        teamSize: 1,
        maxEntrants: 8,
        bestOf: 1,
        finalBestOf: 3,
      },
      start,
    );
    const entries: number[] = [];
    for (const userId of random.pick(players, 8))
      entries.push(await enter(trx, duel.id, null, [userId], start));
    if (entries.length >= 2) {
      const played = new Date(start.getTime() + 20 * 3_600_000);
      const deps: PlayDeps = {
        isChatOn: false,
        publicUrl: new URL('http://localhost/'),
        clock: () => played,
      };
      const running = await drawBracket(deps, trx, duel, entries, played);
      await playReady(deps, trx, running, random);
    }
  }

  const people = await participantsOf(trx, options.nextLanId, false);
  const member = options.memberUserId;
  const team = member !== undefined && people.includes(member) ? [member] : [];
  const others = random.pick(
    people.filter((id) => id !== member),
    12 - team.length,
  );
  const pairs: number[][] = [];
  const line = [...team, ...others];
  for (let index = 0; index + 1 < line.length; index += 2)
    pairs.push([line[index] as number, line[index + 1] as number]);
  if (pairs.length < 2) return;
  const cup = await made(
    trx,
    options.nextLanId,
    {
      name: 'Rocket League 2v2',
      gameName: 'Rocket League',
      format: 'double_elimination',
      teamSize: 2,
      maxEntrants: 8,
      bestOf: 3,
      finalBestOf: 5,
    },
    now,
  );
  const names = [
    'Boost Goblins',
    'Ceiling Shot',
    'Demo Derby',
    'Flip Reset',
    'Kickoff Kings',
    'Air Dribble',
  ];
  const entries: number[] = [];
  for (const [index, pair] of pairs.entries())
    entries.push(await enter(trx, cup.id, names[index] ?? `Team ${index + 1}`, pair, now));
  const deps: PlayDeps = {
    isChatOn: false,
    publicUrl: new URL('http://localhost/'),
    clock: () => now,
  };
  const running = await drawBracket(deps, trx, cup, entries, now);
  const memberEntry = member !== undefined && team.length > 0 ? entries[0] : undefined;
  // The first round is played but the member's team's match, where the others reported 2–1.
  const firstRound = await readyMatches(trx, running.id);
  for (const match of firstRound) {
    const sides = matchSidesOf(match).map((side) => side?.id ?? null);
    if (memberEntry !== undefined && sides.includes(memberEntry)) {
      const theirs = sides.indexOf(memberEntry) === 0 ? 'report2' : 'report1';
      await trx
        .updateTable('tournament_matches')
        .set({ [theirs]: sides.indexOf(memberEntry) === 0 ? '1-2' : '2-1' })
        .where('id', '=', match.id)
        .execute();
      continue;
    }
    await settle(deps, trx, running, match.id, scoresFor(3, random));
  }
}

async function participantsOf(trx: Executor, lanId: number, presentOnly: boolean) {
  let query = trx
    .selectFrom('subscribers')
    .select('user_id')
    .where('lan_id', '=', lanId)
    .where('status', 'in', [...placeTakingStatuses]);
  if (presentOnly) query = query.where('present', '=', true);
  return (await query.orderBy('user_id').execute()).map((row) => row.user_id);
}

async function made(
  trx: Executor,
  lanId: number,
  fields: Omit<TournamentFields, 'gameId' | 'signUpClosesAt' | 'needsCheckIn'>,
  at: Date,
): Promise<TournamentRow> {
  const row = await insertTournament(
    trx,
    lanId,
    { ...fields, gameId: null, signUpClosesAt: null, needsCheckIn: false },
    at,
  );
  return (await lockTournament(trx, row.id)) as TournamentRow;
}

async function enter(
  trx: Executor,
  tournamentId: number,
  name: string | null,
  memberIds: number[],
  at: Date,
): Promise<number> {
  const entry = await insertEntry(
    trx,
    { tournamentId, name, clanId: null, captainUserId: memberIds[0] as number, memberIds },
    at,
  );
  return entry.id;
}

const readyMatches = (trx: Executor, tournamentId: number) =>
  trx
    .selectFrom('tournament_matches')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .where('status', '=', matchStatus.ready)
    .orderBy('id')
    .execute();

/** A winner's score and a loser's, as the match's best-of has them. */
function scoresFor(bestOf: number, random: Random): [number, number] {
  const toWin = bestOf === 1 ? 15 : Math.ceil(bestOf / 2);
  const scores: [number, number] = [toWin, random.below(bestOf === 1 ? 12 : toWin)];
  return random.next() < 0.5 ? scores : [scores[1], scores[0]];
}

/** The best-of of each match of a tournament's bracket. */
async function bestOfByMatch(trx: Executor, tournament: TournamentRow) {
  const groups = presentGroups(tournament, await findBracket(trx, tournament.id));
  return new Map(
    groups.flatMap((group) =>
      group.rounds.flatMap((round) =>
        round.matches.map((match) => [match.id, match.bestOf] as const),
      ),
    ),
  );
}

/** Plays every ready match, round after round, until none is left. */
async function playReady(
  deps: PlayDeps,
  trx: Executor,
  tournament: TournamentRow,
  random: Random,
): Promise<void> {
  const bestOf = await bestOfByMatch(trx, tournament);
  for (let pass = 0; pass < 64; pass += 1) {
    const ready = await readyMatches(trx, tournament.id);
    if (ready.length === 0) return;
    for (const match of ready)
      await settle(deps, trx, tournament, match.id, scoresFor(bestOf.get(match.id) ?? 1, random));
  }
}
