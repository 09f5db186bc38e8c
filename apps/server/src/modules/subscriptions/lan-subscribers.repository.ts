import type { SubscriberStatus } from '@lanparty/contract';
import { placeTakingStatuses, subscriberStatusOrder } from '@lanparty/contract/rules';
import { type Selectable, sql } from 'kysely';
import { countRowsOf } from '../../db/count-rows.ts';
import type { Executor } from '../../db/executor.ts';
import type { SubscribersTable } from '../../db/schema.ts';

/**
 * The subscribers of lans as their JSON shows them: with their user and their lan, in the
 * contract's order; `lans` reads them too (a lan lists its subscribers).
 */

/** A subscriber with what its JSON shows of its user and its lan. */
export type SubscriberDetailRow = Selectable<SubscribersTable> & {
  nickname: string;
  steam_id: string | null;
  shows_history: boolean | number;
  lan_name: string;
  lan_start_date: Date | string;
  lan_end_date: Date | string;
  lan_maximum_subscribers: number;
};

// The contract's subscriber order (Paid, Accepted, Pending, Denied) as SQL: status constants
// of the contract, so literals, not parameters.
const statusOrder = sql`case subscribers.status ${sql.join(
  subscriberStatusOrder.map((status, index) => sql`when ${sql.lit(status)} then ${sql.lit(index)}`),
  sql` `,
)} end`;

/**
 * The order of the subscriber table, for a query joining `users`: by status, then by
 * nickname without regard to case, then first subscribed first.
 */
export const subscriberTableOrder = sql.join([
  statusOrder,
  sql`lower(${sql.ref('users.nickname')})`,
  sql.ref('subscribers.id'),
]);

function selectDetails(db: Executor) {
  return db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .selectAll('subscribers')
    .select([
      'users.nickname',
      'users.steam_id',
      'users.shows_history',
      'lans.name as lan_name',
      'lans.start_date as lan_start_date',
      'lans.end_date as lan_end_date',
      'lans.maximum_subscribers as lan_maximum_subscribers',
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
    .orderBy(subscriberTableOrder)
    .execute();
}

/** A page of a lan's subscribers, in the order of the subscriber table, and their count. */
export async function pageSubscribersOfLan(
  db: Executor,
  lanId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: SubscriberDetailRow[]; total: number }> {
  const total = await countRowsOf(db.selectFrom('subscribers').where('lan_id', '=', lanId));
  const rows = await selectDetails(db)
    .where('subscribers.lan_id', '=', lanId)
    .orderBy(subscriberTableOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total };
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
  const total = await countRowsOf(count);
  const rows = await query
    .orderBy('lans.start_date', 'desc')
    .orderBy('subscribers.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { rows, total };
}

/** A subscription as the waitlist rule reads it. */
export type WaitlistRow = {
  id: number;
  lan_id: number;
  user_id: number;
  status: SubscriberStatus;
  creation_date: Date | string;
};

/** The Pending, Accepted and Paid subscriptions of these lans: what decides their waitlists. */
export async function listWaitlistRows(
  db: Executor,
  lanIds: readonly number[],
): Promise<WaitlistRow[]> {
  if (lanIds.length === 0) return [];
  return db
    .selectFrom('subscribers')
    .select(['id', 'lan_id', 'user_id', 'status', 'creation_date'])
    .where('lan_id', 'in', [...new Set(lanIds)])
    .where('status', 'in', ['Pending', ...placeTakingStatuses])
    .execute();
}

/** How many of the lan's subscribers have one of these statuses. */
export async function countSubscribersWithStatus(
  db: Executor,
  lanId: number,
  statuses: readonly SubscriberStatus[],
): Promise<number> {
  const { count } = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('lan_id', '=', lanId)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The places taken on a lan: its Accepted and Paid subscribers. */
export function countTakenPlacesOf(db: Executor, lanId: number): Promise<number> {
  return countSubscribersWithStatus(db, lanId, placeTakingStatuses);
}

export type SubscriberChanges = {
  status?: SubscriberStatus;
  present?: boolean | null;
  amount_due_cents?: number | null;
  /** When and by whom they were checked in: set with present true (decision 035). */
  checked_in_at?: string;
  checked_in_by_user_id?: number | null;
};

/** Updates a subscription; a presence other than true forgets when and by whom it was set. */
export async function updateSubscriberRow(
  db: Executor,
  id: number,
  changes: SubscriberChanges,
  now: Date,
): Promise<void> {
  const isPresenceGone = changes.present !== undefined && changes.present !== true;
  await db
    .updateTable('subscribers')
    .set({
      ...changes,
      ...(isPresenceGone ? { checked_in_at: null, checked_in_by_user_id: null } : {}),
      modification_date: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Holds the places freed on a full, inactive lan for its waitlist, or lets them go
 * (decision 032). Not a change of the lan itself: its modification date stays.
 */
export async function setWaitlistHeld(db: Executor, id: number, isHeld: boolean): Promise<void> {
  await db.updateTable('lans').set({ is_waitlist_held: isHeld }).where('id', '=', id).execute();
}
