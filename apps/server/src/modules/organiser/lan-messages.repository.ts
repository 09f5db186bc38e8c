import type { Selectable } from 'kysely';
import { countRowsOf } from '../../db/count-rows.ts';
import type { Executor } from '../../db/executor.ts';
import type { LanMessagesTable } from '../../db/schema.ts';

export type LanMessageRow = Selectable<LanMessagesTable>;

export type LanMessageValues = {
  lanId: number;
  senderUserId: number | null;
  senderNickname: string;
  subject: string;
  body: string;
  statuses: readonly string[];
  chat: boolean;
  recipients: number;
  unreachable: readonly string[];
  idempotencyKey: string | null;
};

/**
 * Records a message; undefined when its idempotency key is already taken for the lan
 * (a retry, or a double click that another request won).
 */
export async function insertLanMessage(
  db: Executor,
  values: LanMessageValues,
  now: Date,
): Promise<LanMessageRow | undefined> {
  return db
    .insertInto('lan_messages')
    .values({
      lan_id: values.lanId,
      sender_user_id: values.senderUserId,
      sender_nickname: values.senderNickname,
      subject: values.subject,
      body: values.body,
      statuses: JSON.stringify(values.statuses),
      chat: values.chat,
      recipients: values.recipients,
      unreachable: JSON.stringify(values.unreachable),
      idempotency_key: values.idempotencyKey,
      creation_date: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['lan_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findLanMessageByKey(
  db: Executor,
  lanId: number,
  idempotencyKey: string,
): Promise<LanMessageRow | undefined> {
  return db
    .selectFrom('lan_messages')
    .selectAll()
    .where('lan_id', '=', lanId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** A lan's messages, newest first. */
export async function pageLanMessages(
  db: Executor,
  lanId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: LanMessageRow[]; total: number }> {
  const total = await countRowsOf(db.selectFrom('lan_messages').where('lan_id', '=', lanId));
  const rows = await db
    .selectFrom('lan_messages')
    .selectAll()
    .where('lan_id', '=', lanId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total };
}
