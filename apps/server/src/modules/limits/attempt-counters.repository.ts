import type { AppDatabase } from '../../db/database.ts';

/**
 * Counts one attempt under `key` and answers the count so far. One statement, so
 * simultaneous attempts on several servers each get their own number.
 */
export async function countAttempt(
  db: AppDatabase,
  key: string,
  expiresAt: number,
): Promise<number> {
  const row = await db
    .insertInto('attempt_counters')
    .values({ key, count: 1, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({ count: eb('attempt_counters.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The count kept under `key`, 0 when there is none. */
export async function readAttemptCount(db: AppDatabase, key: string): Promise<number> {
  const row = await db
    .selectFrom('attempt_counters')
    .select('count')
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Forgets counters whose window is over. */
export async function purgeExpiredAttemptCounters(db: AppDatabase, now: number): Promise<void> {
  await db.deleteFrom('attempt_counters').where('expires_at', '<=', now).execute();
}

export async function deleteAttemptCounters(db: AppDatabase, keys: string[]): Promise<void> {
  await db.deleteFrom('attempt_counters').where('key', 'in', keys).execute();
}

/** Takes one attempt back (never below zero). */
export async function uncountAttempt(db: AppDatabase, key: string): Promise<void> {
  await db
    .updateTable('attempt_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}
