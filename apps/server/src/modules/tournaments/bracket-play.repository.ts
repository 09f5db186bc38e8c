import type { Executor } from '../../db/executor.ts';
import { matchStatus } from './bracket.ts';
import type { MatchRow } from './tournaments.repository.ts';

/*
 * What playing a bracket on reads and writes besides the library's tables (bracket-play.ts):
 * the entries that gave up, the matches ready for a walkover, whether any match is still to
 * be played, and the final standings.
 */

/** The entries of a tournament that gave up (walkovers are due for their matches). */
export async function findForfeitedEntryIds(
  db: Executor,
  tournamentId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('tournament_entries')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('has_forfeited', '=', true)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A tournament's matches ready to be played. */
export async function findReadyMatches(db: Executor, tournamentId: number): Promise<MatchRow[]> {
  return db
    .selectFrom('tournament_matches')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .where('status', '=', matchStatus.ready)
    .execute();
}

/** Whether a match of the tournament still waits, is ready or is running: it is not over. */
export async function hasMatchToPlay(db: Executor, tournamentId: number): Promise<boolean> {
  const open = await db
    .selectFrom('tournament_matches')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('status', 'in', [matchStatus.waiting, matchStatus.ready, matchStatus.running])
    .limit(1)
    .executeTakeFirst();
  return open !== undefined;
}

/** The tournament's stage (the library's: one per tournament), once drawn. */
export async function findStageId(db: Executor, tournamentId: number): Promise<number | undefined> {
  const stage = await db
    .selectFrom('tournament_stages')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  return stage?.id;
}

/** Sets these entries' places in the final standings (null: none, the tournament not over). */
export async function setFinalRanks(
  db: Executor,
  ranks: readonly { entryId: number; rank: number | null }[],
): Promise<void> {
  for (const { entryId, rank } of ranks)
    await db
      .updateTable('tournament_entries')
      .set({ final_rank: rank })
      .where('id', '=', entryId)
      .execute();
}

/** Takes a tournament's final standings back: a correction reopened it. */
export async function clearFinalRanks(db: Executor, tournamentId: number): Promise<void> {
  await db
    .updateTable('tournament_entries')
    .set({ final_rank: null })
    .where('tournament_id', '=', tournamentId)
    .execute();
}

/** The name of the lan a tournament is held at (the chat's post names it). */
export async function findLanName(db: Executor, lanId: number): Promise<{ name: string }> {
  return db.selectFrom('lans').select('name').where('id', '=', lanId).executeTakeFirstOrThrow();
}
