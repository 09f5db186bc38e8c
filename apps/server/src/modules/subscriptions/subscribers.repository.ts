import type { SubscriberStatus } from '@lanparty/contract';
import type { Selectable } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { SubscribersTable } from '../../db/schema.ts';
import { createCheckInCode, createShortCheckInCode } from '../../lib/check-in-code.ts';

export type SubscriberRow = Selectable<SubscribersTable>;

export async function findSubscriberById(
  db: Executor,
  id: number,
): Promise<SubscriberRow | undefined> {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ids of a lan's subscriptions. */
export async function findSubscriberIdsOfLan(db: Executor, lanId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('subscribers')
    .select('id')
    .where('lan_id', '=', lanId)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Inserts a subscription with a fresh ticket: its long code and a short code unique within
 * the lan. Of 40 random bits two codes of one lan almost never clash; when they do, the
 * insert does nothing on that one index and is tried again with another short code (any
 * other unique index, one subscription per user and lan, still refuses).
 */
export async function insertSubscriber(
  db: Executor,
  values: { lanId: number; userId: number; status: SubscriberStatus },
  now: Date,
): Promise<SubscriberRow> {
  for (let attempt = 1; ; attempt += 1) {
    const row = await db
      .insertInto('subscribers')
      .values({
        lan_id: values.lanId,
        user_id: values.userId,
        status: values.status,
        present: null,
        amount_due_cents: null,
        check_in_code: createCheckInCode(),
        short_code: createShortCheckInCode(),
        creation_date: now.toISOString(),
        modification_date: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['lan_id', 'short_code']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    if (attempt === maxShortCodeAttempts)
      throw new Error(`No free short code on lan ${values.lanId} after ${attempt} tries`);
  }
}

/** Tries at a short code free on its lan; with 40 bits, a second is already rare. */
const maxShortCodeAttempts = 10;

export async function findSubscriberOf(
  db: Executor,
  lanId: number,
  userId: number,
  options: { isLocked?: boolean } = {},
): Promise<SubscriberRow | undefined> {
  const query = db
    .selectFrom('subscribers')
    .selectAll()
    .where('lan_id', '=', lanId)
    .where('user_id', '=', userId);
  // Locked (PostgreSQL, in a transaction): what one person does at a lan, one at a time.
  return options.isLocked && dialectOf(db as never) === 'postgres'
    ? query.forUpdate().executeTakeFirst()
    : query.executeTakeFirst();
}

/** Deletes a subscription; false when there was none (another request deleted it first). */
export async function deleteSubscriber(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The labels of the seats someone holds at these lans, by lan (issue 34). */
export async function findSeatLabelsOf(
  db: Executor,
  userId: number,
  lanIds: readonly number[],
): Promise<Map<number, string>> {
  const labels = new Map<number, string>();
  if (lanIds.length === 0) return labels;
  const rows = await db
    .selectFrom('seats')
    .select(['lan_id', 'label'])
    .where('occupant_user_id', '=', userId)
    .where('lan_id', 'in', [...lanIds])
    .execute();
  for (const row of rows) labels.set(row.lan_id, row.label);
  return labels;
}
