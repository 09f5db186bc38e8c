import type { Tournament, TournamentStart } from '@lanparty/contract';
import { toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { drawBracket, nowOf } from './bracket-play.ts';
import {
  changeTournamentChecked,
  findVisibleTournament,
  type TournamentsDeps,
} from './tournament-changes.ts';
import { listEntries, setEntryFlags } from './tournament-entries.repository.ts';
import type { TournamentRow } from './tournaments.repository.ts';
import { readTournament } from './tournaments.service.ts';

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
