import type { Tournament, TournamentInput, TournamentSummary } from '@lanparty/contract';
import { isLanOpen, tournamentLimits } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { refuseLanCapReached } from '../lans/lan-caps.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import { nowOf } from './bracket-play.ts';
import { listInvitations } from './entry-members.repository.ts';
import {
  changeTournamentChecked,
  findVisibleTournament,
  noTournament,
  type TournamentsDeps,
} from './tournament-changes.ts';
import {
  countEntries,
  listEntries,
  listEntryMembers,
  listSoloNames,
} from './tournament-entries.repository.ts';
import { findBracket } from './tournament-matches.repository.ts';
import {
  entryNameOf,
  presentTournament,
  presentTournamentSummary,
} from './tournaments.presenter.ts';
import {
  countTournaments,
  deleteTournament,
  findGame,
  findTournament,
  insertTournament,
  listTournaments,
  type TournamentFields,
  type TournamentRow,
  updateTournament,
} from './tournaments.repository.ts';

/**
 * Tournaments at a lan (issue 37): lan administrators make them; participants of the lan
 * (Accepted or Paid) enter alone or as teams; at the start `brackets-manager` draws the
 * bracket on our tables; both sides report each match and agreeing reports settle it;
 * administrators decide disputes and correct results, resetting what followed.
 *
 * Here: reading tournaments, making, changing and deleting them. How a change holds its
 * tournament is tournament-changes.ts; the start tournament-start.ts; entries
 * tournament-entries.ts and entry-members.ts; reports match-results.ts; corrections
 * match-corrections.ts; what follows a result (walkovers, the end) bracket-play.ts; one
 * who leaves the lan tournament-leaving.ts.
 */

async function fieldsOf(db: Executor, input: TournamentInput): Promise<TournamentFields> {
  let gameName = input.game;
  if (input.gameId !== null) {
    const game = await findGame(db, input.gameId);
    if (!game)
      throw new ProblemError(400, `The site knows no game ${input.gameId}.`, {
        errors: { gameId: [`The site knows no game ${input.gameId}`] },
      });
    gameName = game.name;
  }
  return {
    name: input.name,
    gameId: input.gameId,
    gameName,
    format: input.format,
    teamSize: input.teamSize,
    maxEntrants: input.maxEntrants,
    bestOf: input.bestOf,
    finalBestOf: input.finalBestOf ?? input.bestOf,
    signUpClosesAt: input.signUpClosesAt ? new Date(input.signUpClosesAt).toISOString() : null,
    needsCheckIn: input.checkIn,
  };
}

// Reading -------------------------------------------------------------------------------

/** GET /api/lans/{id}/tournaments: anyone who may see the lan. */
export async function readLanTournaments(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  lanId: number,
): Promise<TournamentSummary[]> {
  await findVisibleLan(deps.db, viewer, lanId);
  const tournaments = await listTournaments(deps.db, lanId);
  const ids = tournaments.map((tournament) => tournament.id);
  const [entries, soloNames] = await Promise.all([
    listEntries(deps.db, ids),
    listSoloNames(deps.db, ids),
  ]);
  return tournaments.map((tournament) => {
    const own = entries.filter((entry) => entry.tournament_id === tournament.id);
    const winner = own.find((entry) => entry.final_rank === 1);
    return presentTournamentSummary(tournament, {
      entryCount: own.length,
      winner: winner ? entryNameOf(winner, soloNames.get(winner.id)) : null,
      timeZone: deps.communityTimeZone,
    });
  });
}

export async function readTournament(
  deps: TournamentsDeps,
  db: Executor,
  tournament: TournamentRow,
  lanName: string,
) {
  const [entries, members, invitations, bracket] = await Promise.all([
    listEntries(db, [tournament.id]),
    listEntryMembers(db, tournament.id, tournament.lan_id),
    listInvitations(db, tournament.id, tournament.lan_id),
    findBracket(db, tournament.id),
  ]);
  return presentTournament(tournament, {
    lanName,
    entries,
    members,
    invitations,
    bracket,
    timeZone: deps.communityTimeZone,
  });
}

/** GET /api/tournaments/{id}: anyone who may see its lan; with its entries and bracket. */
export async function getTournament(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
): Promise<Tournament> {
  const { tournament, lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  return readTournament(deps, deps.db, tournament, lan.name);
}

// Running a tournament ------------------------------------------------------------------

/** POST /api/lans/{id}/tournaments (lan administrators), until the lan ends. */
export async function createTournament(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  lanId: number,
  input: TournamentInput,
): Promise<Tournament> {
  authorize(viewer, 'tournaments.manage');
  const lan = await findVisibleLan(deps.db, viewer, lanId);
  const now = nowOf(deps);
  if (!isLanOpen({ endDate: toIsoTimestamp(lan.end_date) }, now))
    throw new ProblemError(
      409,
      `${lan.name} is over: tournaments are for a lan to come or under way.`,
    );
  const fields = await fieldsOf(deps.db, input);
  const made = await deps.db.transaction().execute(async (trx) => {
    await refuseLanCapReached(trx, lanId, {
      most: tournamentLimits.perLan,
      count: countTournaments,
      refusal: `A lan holds at most ${tournamentLimits.perLan} tournaments; delete some first.`,
    });
    return insertTournament(trx, lanId, fields, now);
  });
  return readTournament(deps, deps.db, made, lan.name);
}

/**
 * PUT /api/tournaments/{id} (lan administrators). Before the start anything may change
 * (but not below the entries there are, nor the team size once teams entered); after it
 * only the name, the game and the best-ofs of matches still to settle.
 */
export async function changeTournamentRules(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  input: TournamentInput,
): Promise<Tournament> {
  authorize(viewer, 'tournaments.manage');
  const { tournament: seen, lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  const fields = await fieldsOf(deps.db, input);
  const changed = await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseRules(db, tournament, fields),
    async (trx, tournament) => {
      await updateTournament(trx, tournamentId, fields);
      return { ...tournament, ...(await findTournament(trx, tournamentId)) } as TournamentRow;
    },
  );
  return readTournament(deps, deps.db, changed, lan.name);
}

/** Why the tournament as it stands may not take these rules, if it may not. */
async function refuseRules(
  db: Executor,
  tournament: TournamentRow,
  fields: TournamentFields,
): Promise<void> {
  if (tournament.state !== 'open') {
    const fixed = (
      [
        ['format', tournament.format, fields.format],
        ['team size', tournament.team_size, fields.teamSize],
        ['most entrants', tournament.max_entrants, fields.maxEntrants],
        ['check-in', toBoolean(tournament.needs_check_in), fields.needsCheckIn],
      ] as const
    ).filter(([, was, is]) => was !== is);
    if (fixed.length > 0)
      throw new ProblemError(
        409,
        `${tournament.name} has started: its ${fixed.map(([name]) => name).join(', ')} can no longer change.`,
      );
  } else {
    const entries = await countEntries(db, tournament.id);
    if (fields.maxEntrants < entries)
      throw new ProblemError(
        409,
        `${entries} entries have signed up: most entrants cannot be fewer.`,
        { errors: { maxEntrants: [`Must be at least ${entries}, the entries signed up`] } },
      );
    if (fields.teamSize !== tournament.team_size && entries > 0)
      throw new ProblemError(
        409,
        `Entries have signed up as teams of ${tournament.team_size}: the team size can no longer change.`,
      );
  }
}

/** DELETE /api/tournaments/{id} (lan administrators): with its entries and bracket. */
export async function removeTournament(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
): Promise<void> {
  authorize(viewer, 'tournaments.manage');
  await findVisibleTournament(deps.db, viewer, tournamentId);
  if (!(await deleteTournament(deps.db, tournamentId))) throw noTournament(tournamentId);
}
