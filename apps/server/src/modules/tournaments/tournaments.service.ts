import type {
  Tournament,
  TournamentInput,
  TournamentStart,
  TournamentSummary,
} from '@lanparty/contract';
import { isLanOpen, tournamentLimits } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { refuseLanCapReached } from '../lans/lan-caps.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import { drawBracket, nowOf, type PlayDeps, settleWalkovers } from './bracket-play.ts';
import { dropInvitations, listInvitations } from './entry-members.repository.ts';
import {
  entryNameOf,
  presentTournament,
  presentTournamentSummary,
} from './tournaments.presenter.ts';
import {
  countEntries,
  countTournaments,
  deleteTournament,
  findBracket,
  findEntriesCaptainedBy,
  findGame,
  findTournament,
  findUnfinishedTournamentIds,
  holdTournament,
  insertTournament,
  leaveOpenTournament,
  listEntries,
  listEntryMembers,
  listSoloNames,
  listTournaments,
  lockTournament,
  setEntryFlags,
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
 * Every change takes the tournament's row first (`lockTournament`, raising its version):
 * changes of one tournament run one at a time, on either engine and on several servers,
 * and two reports or a report and a correction at once store one result, never advancing
 * anyone twice. The raised version is also the `tournament` event open pages follow, so
 * a refusal raises none (issue 50): one made under the row rolls the raise back with the
 * rest, refusals are found before the row is taken as well (changeTournamentChecked; a
 * report's in match-results.ts), and a batch of reports raises the version only when one
 * was taken. Entries are in tournament-entries.ts; what follows a result (walkovers, the
 * end) in bracket-play.ts.
 */
export type TournamentsDeps = PlayDeps & { db: AppDatabase; communityTimeZone: string };

const noTournament = (id: number) => new ProblemError(404, `There is no tournament ${id}.`);

/** The tournament and its lan, as the asker may see them (an inactive lan's: administrators). */
export async function findVisibleTournament(
  db: Executor,
  viewer: Viewer | null,
  tournamentId: number,
) {
  const tournament = await findTournament(db, tournamentId);
  if (!tournament) throw noTournament(tournamentId);
  try {
    const lan = await findVisibleLan(db, viewer, tournament.lan_id);
    return { tournament, lan };
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404) throw noTournament(tournamentId);
    throw error;
  }
}

/**
 * Runs a change of a tournament in a transaction holding its row (see above); the lost
 * race of a unique index (one person in two entries at once) is answered by `conflict`.
 * A refusal thrown by `work` rolls the raised version back with the rest.
 */
export async function changeTournament<T>(
  deps: TournamentsDeps,
  tournamentId: number,
  work: (trx: Executor, tournament: TournamentRow) => Promise<T>,
  conflict?: () => ProblemError,
): Promise<T> {
  return inTournamentTransaction(
    deps,
    async (trx) => {
      const tournament = await lockTournament(trx, tournamentId);
      if (!tournament) throw noTournament(tournamentId);
      return work(trx, tournament);
    },
    conflict,
  );
}

/**
 * A change of a tournament that may be refused: `refuse` is asked of the tournament as it
 * was read (`seen`), before its row is held, so a refusal holds up no other change of it
 * (issue 50); and again under the row, which may have changed meanwhile. `work` gets what
 * the second answered. Where the first finds the change made already (a second click),
 * `madeAlready` answers for it without holding the row.
 */
export async function changeTournamentChecked<R, T>(
  deps: TournamentsDeps,
  seen: TournamentRow,
  refuse: (db: Executor, tournament: TournamentRow) => Promise<R>,
  work: (trx: Executor, tournament: TournamentRow, checked: R) => Promise<T>,
  conflict?: () => ProblemError,
  madeAlready?: (checked: R) => T | undefined,
): Promise<T> {
  const checked = await refuse(deps.db, seen);
  const answer = madeAlready?.(checked);
  if (answer !== undefined) return answer;
  return changeTournament(
    deps,
    seen.id,
    async (trx, tournament) => work(trx, tournament, await refuse(trx, tournament)),
    conflict,
  );
}

/**
 * A change of a tournament that may come to nothing (a batch of reports each refused): its
 * row is held without raising the version, which is raised only when `work` wrote something
 * (issue 50). Refusals then leave no version and no `tournament` event behind, so nobody
 * makes every open page of the bracket read it again by being refused.
 */
export async function changeTournamentIfAny<T>(
  deps: TournamentsDeps,
  tournamentId: number,
  work: (trx: Executor, tournament: TournamentRow) => Promise<{ answer: T; hasChanged: boolean }>,
): Promise<T> {
  return inTournamentTransaction(deps, async (trx) => {
    const tournament = await holdTournament(trx, tournamentId);
    if (!tournament) throw noTournament(tournamentId);
    const { answer, hasChanged } = await work(trx, tournament);
    if (hasChanged) await lockTournament(trx, tournamentId);
    return answer;
  });
}

async function inTournamentTransaction<T>(
  deps: TournamentsDeps,
  change: (trx: Executor) => Promise<T>,
  conflict?: () => ProblemError,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute(change);
    } catch (error) {
      if (conflict && isUniqueViolation(error)) throw conflict();
      // It also takes matches (walkovers, the end): against a change of a match that waits
      // for the tournament's row to commit, PostgreSQL may give this one up; it runs again.
      if (attempt < 5 && isRetryable(error)) continue;
      throw error;
    }
  }
}

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

// Leaving a lan ----------------------------------------------------------------------

/**
 * One who leaves a lan (their subscription withdrawn, or no longer Accepted or Paid) leaves
 * its tournaments, in the transaction of that change (the lan's row held first, as erasure
 * does): out of those not started (their entry alone goes, a team loses them), and each
 * entry they captain in one under way gives up — its matches to come are walkovers.
 *
 * Every tournament of the lan not finished is held first, in id order, and only then are
 * their entries read: a sign-up racing the change either commits before the hold (and is
 * found) or waits for it and then finds its place gone.
 */
export async function leaveLanTournaments(
  deps: PlayDeps,
  trx: Executor,
  lanId: number,
  userId: number,
): Promise<void> {
  for (const id of await findUnfinishedTournamentIds(trx, lanId)) {
    const tournament = await holdTournament(trx, id);
    if (tournament?.state === 'open') {
      const hasLeft = await leaveOpenTournament(trx, id, userId);
      // Open pages show whom each team invited: an invitation gone changes the tournament
      // too (raised once, when leaving it raised nothing).
      if ((await dropInvitations(trx, id, [userId])) > 0 && !hasLeft) await lockTournament(trx, id);
    }
    if (tournament?.state !== 'running') continue;
    const entryIds = await findEntriesCaptainedBy(trx, id, userId);
    if (entryIds.length === 0) continue;
    const changed = (await lockTournament(trx, id)) as TournamentRow;
    await setEntryFlags(trx, entryIds, { has_forfeited: true });
    await settleWalkovers(deps, trx, changed);
  }
}

// The start -----------------------------------------------------------------------------

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * POST /api/tournaments/{id}/start (lan administrators): seeds the entries (at random, or
 * in the order given), draws the bracket and fixes the entries. Where entrants must check
 * in, those who did not give their matches away.
 */
export async function startTournament(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  input: TournamentStart,
): Promise<Tournament> {
  authorize(viewer, 'tournaments.manage');
  const { tournament: seen, lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  const now = nowOf(deps);
  const started = await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseStart(db, tournament, input),
    async (trx, tournament, entries) => {
      const seeded =
        input.seeding === 'ordered'
          ? (input.entryIds ?? [])
          : shuffled(entries.map((entry) => entry.id));
      if (toBoolean(tournament.needs_check_in)) {
        const absent = entries.filter((entry) => !toBoolean(entry.is_checked_in));
        await setEntryFlags(
          trx,
          absent.map((entry) => entry.id),
          { has_forfeited: true },
        );
      }
      return drawBracket(deps, trx, tournament, seeded, now);
    },
  );
  return readTournament(deps, deps.db, started, lan.name);
}

/**
 * Why the tournament as it stands may not start as asked, if it may not (an ordered seeding
 * names its entries as they are); else its entries.
 */
async function refuseStart(db: Executor, tournament: TournamentRow, input: TournamentStart) {
  if (tournament.state !== 'open')
    throw new ProblemError(409, `${tournament.name} has started already.`);
  const entries = await listEntries(db, [tournament.id]);
  if (entries.length < 2)
    throw new ProblemError(409, `${tournament.name} needs at least 2 entries to start.`);
  const present = entries.filter((entry) => toBoolean(entry.is_checked_in));
  if (toBoolean(tournament.needs_check_in) && present.length < 2)
    throw new ProblemError(409, `Fewer than 2 entries of ${tournament.name} have checked in.`);
  if (input.seeding === 'ordered') {
    const entryIds = entries.map((entry) => entry.id);
    const order = input.entryIds ?? [];
    const missing = entryIds.filter((id) => !order.includes(id));
    const strange = order.filter((id) => !entryIds.includes(id));
    if (missing.length > 0 || strange.length > 0 || new Set(order).size !== order.length)
      throw new ProblemError(
        400,
        'An ordered seeding names every entry of the tournament once, best seed first' +
          (missing.length > 0 ? `; missing: ${missing.join(', ')}` : '') +
          (strange.length > 0 ? `; not entries of it: ${strange.join(', ')}` : '') +
          '.',
        { errors: { entryIds: ['Name every entry once'] } },
      );
  }
  return entries;
}

/** Whether an error is PostgreSQL giving up one transaction of a deadlock (or a serialization). */
export const isRetryable = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ['40P01', '40001'].includes(String((error as { code?: unknown }).code));
