import type { Selectable } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { LansTable } from '../../db/schema.ts';

/** A lan's row as its subscriptions read it: its places, prices, dates and name. */
export type PlaceLanRow = Selectable<LansTable>;

/**
 * The lan that places are taken on. Locked (in a transaction), its row on PostgreSQL stays
 * locked until the transaction ends, so capacity checks of concurrent requests run one
 * after another; changing a lan locks it too. SQLite has one writer at a time and our
 * driver runs one transaction at a time, so a plain read is enough there.
 */
export async function findPlaceLan(
  db: Executor,
  id: number,
  options: { isLocked?: boolean } = {},
): Promise<PlaceLanRow | undefined> {
  const query = db.selectFrom('lans').selectAll().where('id', '=', id);
  return options.isLocked && dialectOf(db as never) === 'postgres'
    ? query.forUpdate().executeTakeFirst()
    : query.executeTakeFirst();
}

/**
 * Locks a lan already read (with findPlaceLan) for the rest of the transaction, as
 * findPlaceLan's `isLocked` does, without reading it again; false when it is gone.
 */
export async function lockPlaceLan(db: Executor, id: number): Promise<boolean> {
  const query = db.selectFrom('lans').select('id').where('id', '=', id);
  const row = await (dialectOf(db as never) === 'postgres'
    ? query.forUpdate()
    : query
  ).executeTakeFirst();
  return row !== undefined;
}
