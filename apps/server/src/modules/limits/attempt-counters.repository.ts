import type { AppDatabase } from '../../db/database.ts';
import { preparedQuery, type ValueOf } from '../../db/prepared-queries.ts';

/**
 * Counts one attempt under `key` and answers the count so far, with the count kept under
 * `previousKey` (the window before). One statement, so simultaneous attempts on several
 * servers each get their own number, and every change a person asks costs one round trip.
 */
export async function countAttempt(
  db: AppDatabase,
  key: string,
  expiresAt: number,
  previousKey: string,
): Promise<{ current: number; previous: number }> {
  const [row] = (await countAttemptQuery(db, { key, expiresAt, previousKey })).rows;
  if (!row) throw new Error('Counting an attempt answered no row.');
  return { current: Number(row.count), previous: Number(row.previous ?? 0) };
}

const countAttemptQuery = preparedQuery(
  (db, value: ValueOf<{ key: string; expiresAt: number; previousKey: string }>) =>
    db
      .insertInto('attempt_counters')
      .values({ key: value('key'), count: 1, expires_at: value('expiresAt') })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet((eb) => ({ count: eb('attempt_counters.count', '+', 1) })),
      )
      .returning((eb) => [
        'count',
        eb
          .selectFrom('attempt_counters as before')
          .select('before.count')
          .where('before.key', '=', value('previousKey'))
          .as('previous'),
      ]),
);

/** Forgets counters whose window is over; how many. */
export async function purgeExpiredAttemptCounters(db: AppDatabase, now: number): Promise<number> {
  const result = await db
    .deleteFrom('attempt_counters')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
