import type { SubscriberStatus } from '@lanparty/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { SubscribersTable } from '../../db/schema.ts';
import { createCheckInCode } from '../../lib/check-in-code.ts';

export type SubscriberRow = Selectable<SubscribersTable>;

export async function findSubscriberById(
  db: Executor,
  id: number,
): Promise<SubscriberRow | undefined> {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSubscriber(
  db: Executor,
  values: { lanId: number; userId: number; status: SubscriberStatus },
  now: Date,
): Promise<SubscriberRow> {
  return db
    .insertInto('subscribers')
    .values({
      lan_id: values.lanId,
      user_id: values.userId,
      status: values.status,
      present: null,
      amount_due_cents: null,
      check_in_code: createCheckInCode(),
      creation_date: now.toISOString(),
      modification_date: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSubscriberOf(
  db: Executor,
  lanId: number,
  userId: number,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('subscribers')
    .selectAll()
    .where('lan_id', '=', lanId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes a subscription; false when there was none (another request deleted it first). */
export async function deleteSubscriber(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
