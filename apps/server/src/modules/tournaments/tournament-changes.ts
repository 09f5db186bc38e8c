import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import type { PlayDeps } from './bracket-play.ts';
import {
  findTournament,
  holdTournament,
  lockTournament,
  type TournamentRow,
} from './tournaments.repository.ts';

/**
 * Finding a tournament as the asker may see it, and changing it one change at a time.
 *
 * Every change takes the tournament's row first (`lockTournament`, raising its version):
 * changes of one tournament run one at a time, on either engine and on several servers,
 * and two reports or a report and a correction at once store one result, never advancing
 * anyone twice. The raised version is also the `tournament` event open pages follow, so
 * a refusal raises none (issue 50): one made under the row rolls the raise back with the
 * rest, refusals are found before the row is taken as well (changeTournamentChecked; a
 * report's in match-results.ts), and a batch of reports raises the version only when one
 * was taken.
 */
export type TournamentsDeps = PlayDeps & { db: AppDatabase; communityTimeZone: string };

export const noTournament = (id: number) => new ProblemError(404, `There is no tournament ${id}.`);

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

/** Whether an error is PostgreSQL giving up one transaction of a deadlock (or a serialization). */
export const isRetryable = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ['40P01', '40001'].includes(String((error as { code?: unknown }).code));
