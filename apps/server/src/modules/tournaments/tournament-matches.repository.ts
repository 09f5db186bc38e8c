import type { Executor } from '../../db/executor.ts';
import type { MatchRow } from './tournaments.repository.ts';

/* A tournament's matches and bracket as reports, results and pages read them. */

/** A match of any tournament. */
export async function findMatch(db: Executor, matchId: number): Promise<MatchRow | undefined> {
  return db
    .selectFrom('tournament_matches')
    .selectAll()
    .where('id', '=', matchId)
    .executeTakeFirst();
}

/** The tournament of each of these matches, by match id (a match of none: left out). */
export async function findTournamentsOfMatches(
  db: Executor,
  matchIds: readonly number[],
): Promise<Map<number, number>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournament_matches')
    .select(['id', 'tournament_id'])
    .where('id', 'in', [...new Set(matchIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.tournament_id]));
}

/**
 * What is due after a result: whether an entry gave up (its matches are walkovers), whether
 * no match waits, is ready or running any more, and the tournament's state.
 */
export async function findPlayOnState(db: Executor, tournamentId: number) {
  const row = await db
    .selectFrom('tournaments')
    .select((eb) => [
      'tournaments.state',
      eb
        .exists(
          eb
            .selectFrom('tournament_entries')
            .select('id')
            .where('tournament_id', '=', tournamentId)
            .where('has_forfeited', '=', true),
        )
        .as('has_quitters'),
      eb
        .exists(
          eb
            .selectFrom('tournament_matches')
            .select('id')
            .where('tournament_id', '=', tournamentId)
            .where('status', 'in', [1, 2, 3]),
        )
        .as('has_open'),
    ])
    .where('tournaments.id', '=', tournamentId)
    .executeTakeFirstOrThrow();
  return {
    state: row.state,
    hasQuitters: Boolean(row.has_quitters),
    isOver: !row.has_open,
  };
}

/** Where a round stands in its bracket: its group's number, its number, its group's rounds. */
export async function findRoundPlace(db: Executor, roundId: number) {
  return db
    .selectFrom('tournament_rounds as rounds')
    .innerJoin('tournament_groups as groups', 'groups.id', 'rounds.group_id')
    .select((eb) => [
      'groups.number as groupNumber',
      'rounds.number as roundNumber',
      eb
        .selectFrom('tournament_rounds as others')
        .select((inner) => inner.fn.countAll().as('count'))
        .whereRef('others.group_id', '=', 'rounds.group_id')
        .as('roundCount'),
    ])
    .where('rounds.id', '=', roundId)
    .executeTakeFirst()
    .then((row) => row && { ...row, roundCount: Number(row.roundCount) });
}

/** The bracket of tournaments: stages, groups, rounds, matches, in the library's order. */
export async function findBracket(db: Executor, tournamentId: number) {
  const stages = await db
    .selectFrom('tournament_stages')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('number')
    .execute();
  const stageIds = stages.map((stage) => stage.id);
  if (stageIds.length === 0) return { stages, groups: [], rounds: [], matches: [] };
  const [groups, rounds, matches] = await Promise.all([
    db
      .selectFrom('tournament_groups')
      .selectAll()
      .where('stage_id', 'in', stageIds)
      .orderBy('number')
      .execute(),
    db
      .selectFrom('tournament_rounds')
      .selectAll()
      .where('stage_id', 'in', stageIds)
      .orderBy('group_id')
      .orderBy('number')
      .execute(),
    db
      .selectFrom('tournament_matches')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .orderBy('round_id')
      .orderBy('number')
      .execute(),
  ]);
  return { stages, groups, rounds, matches };
}

export type BracketRows = Awaited<ReturnType<typeof findBracket>>;

export async function setReports(
  db: Executor,
  matchId: number,
  reports: { report1: string | null; report2: string | null; is_disputed: boolean },
): Promise<void> {
  await db.updateTable('tournament_matches').set(reports).where('id', '=', matchId).execute();
}

/** Clears the reports of matches whose result is set or reset. */
export async function clearReports(db: Executor, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  await db
    .updateTable('tournament_matches')
    .set({ report1: null, report2: null, is_disputed: false })
    .where('id', 'in', matchIds)
    .execute();
}
