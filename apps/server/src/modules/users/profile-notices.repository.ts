import type { Executor } from '../../db/executor.ts';

/** The keys of the badges a person has not seen yet, the latest earned first. */
export async function findUnseenBadgeKeys(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_badges')
    .select('badge_key')
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .orderBy('earned_on', 'desc')
    .orderBy('badge_key')
    .execute();
  return rows.map((row) => row.badge_key);
}

/** The names of these tournaments (issue 37), by id. */
export async function findTournamentNames(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournaments')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
