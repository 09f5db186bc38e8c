import type { Executor } from '../../db/executor.ts';

/** A site secret's stored value (JSON text), or undefined when it was never made. */
export async function findSiteSecret(db: Executor, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Stores a secret unless one of that name exists. Several servers starting at once may
 * each offer their own; the primary key keeps the first, so read back what won.
 */
export async function insertSiteSecretIfMissing(
  db: Executor,
  name: string,
  value: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('site_secrets')
    .values({ name, value, creation_date: now.toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/**
 * Replaces a secret's value only while it still holds `expected` (compare and set), so
 * two servers adding to it at once cannot undo each other. Answers whether it replaced.
 */
export async function replaceSiteSecret(
  db: Executor,
  name: string,
  expected: string,
  value: string,
): Promise<boolean> {
  const result = await db
    .updateTable('site_secrets')
    .set({ value })
    .where('name', '=', name)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
