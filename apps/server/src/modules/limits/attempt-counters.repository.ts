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

/** Forgets counters whose window is over. */
export async function purgeExpiredAttemptCounters(db: AppDatabase, now: number): Promise<void> {
  await db.deleteFrom('attempt_counters').where('expires_at', '<=', now).execute();
}

export async function deleteAttemptCounter(db: AppDatabase, key: string): Promise<void> {
  await db.deleteFrom('attempt_counters').where('key', '=', key).execute();
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
