import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ScreensTable } from '../../db/schema.ts';

export type ScreenRow = Selectable<ScreensTable>;

export async function listScreens(db: Executor, lanId: number): Promise<ScreenRow[]> {
  return db
    .selectFrom('screens')
    .selectAll()
    .where('lan_id', '=', lanId)
    .where('switched_off_date', 'is', null)
    .orderBy('creation_date')
    .orderBy('id')
    .execute();
}

export async function countScreens(db: Executor, lanId: number): Promise<number> {
  const row = await db
    .selectFrom('screens')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('lan_id', '=', lanId)
    .where('switched_off_date', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertScreen(
  db: Executor,
  fields: Omit<ScreenRow, 'id' | 'creation_date' | 'switched_off_date'>,
  now: string,
): Promise<ScreenRow> {
  return db
    .insertInto('screens')
    .values({ ...fields, creation_date: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Marks a screen of the lan switched off (its row stays, so its link can say so); whether
 * one was on to switch off.
 */
export async function markScreenSwitchedOff(
  db: Executor,
  lanId: number,
  id: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('screens')
    .set({ switched_off_date: now })
    .where('lan_id', '=', lanId)
    .where('id', '=', id)
    .where('switched_off_date', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findScreenByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<ScreenRow | undefined> {
  return db
    .selectFrom('screens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Whether the screen is still on. */
export async function isScreenThere(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('screens')
    .select('id')
    .where('id', '=', id)
    .where('switched_off_date', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who is here: the lan's participants marked present, and the newest arrivals named. */
export async function findPresence(db: Executor, lanId: number, arrivals: number) {
  const counts = await db
    .selectFrom('subscribers')
    .select((eb) => [
      eb.fn.countAll().as('participants'),
      eb.fn.count(eb.case().when('present', '=', true).then(1).end()).as('present'),
    ])
    .where('lan_id', '=', lanId)
    .where('status', 'in', ['Accepted', 'Paid'])
    .executeTakeFirstOrThrow();
  const newest = await db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .select(['users.id', 'users.nickname', 'subscribers.checked_in_at'])
    .where('subscribers.lan_id', '=', lanId)
    .where('subscribers.present', '=', true)
    .where('subscribers.checked_in_at', 'is not', null)
    .where('users.shows_on_screens', '=', true)
    .orderBy('subscribers.checked_in_at', 'desc')
    .orderBy('subscribers.id', 'desc')
    .limit(arrivals)
    .execute();
  return {
    participantCount: Number(counts.participants),
    presentCount: Number(counts.present),
    newest,
  };
}
