import { subscriberStatusOrder } from '@lanparty/contract/rules';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { SubscribersTable } from '../../db/schema.ts';

/**
 * The subscribers of lans as their JSON shows them: with their user and their lan, in the
 * contract's order. Below both `lans` (a lan lists its subscribers) and `subscribers`
 * (which changes them), so neither imports the other for it.
 */

/** A subscriber with what its JSON shows of its user and its lan. */
export type SubscriberDetailRow = Selectable<SubscribersTable> & {
  nickname: string;
  steam_id: string | null;
  lan_name: string;
  lan_start_date: Date | string;
  lan_end_date: Date | string;
};

// The contract's subscriber order (Paid, Accepted, Pending, Denied) as SQL: status constants
// of the contract, so literals, not parameters.
const statusOrder = sql`case subscribers.status ${sql.join(
  subscriberStatusOrder.map((status, index) => sql`when ${sql.lit(status)} then ${sql.lit(index)}`),
  sql` `,
)} end`;

function selectDetails(db: Executor) {
  return db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .selectAll('subscribers')
    .select([
      'users.nickname',
      'users.steam_id',
      'lans.name as lan_name',
      'lans.start_date as lan_start_date',
      'lans.end_date as lan_end_date',
    ]);
}

export async function findSubscriberDetails(
  db: Executor,
  id: number,
): Promise<SubscriberDetailRow | undefined> {
  return selectDetails(db).where('subscribers.id', '=', id).executeTakeFirst();
}

/** Every subscriber of these lans, in the order of the subscriber table. */
export async function listSubscribersOfLans(
  db: Executor,
  lanIds: readonly number[],
): Promise<SubscriberDetailRow[]> {
  if (lanIds.length === 0) return [];
  return selectDetails(db)
    .where('subscribers.lan_id', 'in', [...lanIds])
    .orderBy(statusOrder)
    .orderBy((eb) => eb.fn('lower', ['users.nickname']))
    .orderBy('subscribers.id')
    .execute();
}

export async function pageSubscribersOfLan(
  db: Executor,
  lanId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: SubscriberDetailRow[]; total: number }> {
  const { total } = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('lan_id', '=', lanId)
    .executeTakeFirstOrThrow();
  const rows = await selectDetails(db)
    .where('subscribers.lan_id', '=', lanId)
    .orderBy(statusOrder)
    .orderBy((eb) => eb.fn('lower', ['users.nickname']))
    .orderBy('subscribers.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total) };
}

/** A user's subscriptions, newest lan first; inactive lans only when asked for. */
export async function pageSubscriptionsOfUser(
  db: Executor,
  userId: number,
  options: { isActiveOnly: boolean; offset: number; limit: number },
): Promise<{ rows: SubscriberDetailRow[]; total: number }> {
  let count = db
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .where('subscribers.user_id', '=', userId);
  let query = selectDetails(db).where('subscribers.user_id', '=', userId);
  if (options.isActiveOnly) {
    count = count.where('lans.is_active', '=', true);
    query = query.where('lans.is_active', '=', true);
  }
  const { total } = await count
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('lans.start_date', 'desc')
    .orderBy('subscribers.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { rows, total: Number(total) };
}
