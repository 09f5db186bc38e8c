import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ScheduleItemsTable } from '../../db/schema.ts';

export type ScheduleItemRow = Selectable<ScheduleItemsTable>;

/** An item's fields as written: its moments as ISO timestamps. */
export type ItemFields = Pick<ScheduleItemRow, 'title' | 'place' | 'kind'> & {
  start_date: string;
  end_date: string | null;
};

/** A lan's items, by start (then end, then as made). */
export async function listScheduleItems(db: Executor, lanId: number): Promise<ScheduleItemRow[]> {
  return db
    .selectFrom('schedule_items')
    .selectAll()
    .where('lan_id', '=', lanId)
    .orderBy('start_date')
    .orderBy('end_date')
    .orderBy('id')
    .execute();
}

export async function countScheduleItems(db: Executor, lanId: number): Promise<number> {
  const row = await db
    .selectFrom('schedule_items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('lan_id', '=', lanId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertScheduleItem(
  db: Executor,
  lanId: number,
  fields: ItemFields,
  now: string,
): Promise<ScheduleItemRow> {
  return db
    .insertInto('schedule_items')
    .values({ lan_id: lanId, ...fields, creation_date: now, modification_date: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The changed item, or undefined when the lan has no such item (any more). */
export async function updateScheduleItem(
  db: Executor,
  lanId: number,
  itemId: number,
  fields: ItemFields,
  now: string,
): Promise<ScheduleItemRow | undefined> {
  return db
    .updateTable('schedule_items')
    .set({ ...fields, modification_date: now })
    .where('id', '=', itemId)
    .where('lan_id', '=', lanId)
    .returningAll()
    .executeTakeFirst();
}

/** False when the lan has no such item (any more). */
export async function deleteScheduleItem(
  db: Executor,
  lanId: number,
  itemId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('schedule_items')
    .where('id', '=', itemId)
    .where('lan_id', '=', lanId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
