import { sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

/** The SQL of push subscriptions (migration 0043) and of the pushes queued for them. */

export type PushSubscriptionRow = {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  creation_date: Date | string;
};

export async function listPushSubscriptions(
  db: Executor,
  userId: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Locks the person's row until the transaction ends (PostgreSQL; SQLite writes one at a
 * time anyway), so two subscriptions sent at once count each other against the limit.
 */
export async function lockSubscriber(db: Executor, userId: number): Promise<void> {
  if (dialectOf(db as never) !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function findPushSubscriptionByEndpoint(
  db: Executor,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/**
 * Stores a browser's subscription for the person: an endpoint already stored (this browser
 * subscribed before, maybe for someone else on a shared computer) is theirs now, with the
 * keys the browser gave this time.
 */
export async function upsertPushSubscription(
  db: Executor,
  subscription: { userId: number; endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<PushSubscriptionRow> {
  return db
    .insertInto('push_subscriptions')
    .values({
      user_id: subscription.userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      creation_date: now.toISOString(),
    })
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        user_id: subscription.userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        creation_date: now.toISOString(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes one of the person's subscriptions; whether it was theirs to remove. */
export async function deletePushSubscription(
  db: Executor,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes a subscription the push service says is gone (404, 410). */
export async function deleteGonePushSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/**
 * Queues a push of each of these notices to every browser its person is notified on, in
 * one statement, in the transaction that writes the notices. The message names the notice
 * and the subscription only: the worker reads both when it sends, so an erased notice or a
 * removed subscription sends nothing. Its dedupe key is the pair, so none is queued twice.
 */
export async function enqueueNoticePushes(
  db: Executor,
  noticeIds: readonly number[],
  now: Date,
): Promise<void> {
  if (noticeIds.length === 0) return;
  const nowText = now.toISOString();
  await db
    .insertInto('outbox')
    .columns(['channel', 'dedupe_key', 'payload', 'next_attempt_at', 'creation_date'])
    .expression((eb) =>
      eb
        .selectFrom('notices')
        .innerJoin('push_subscriptions', 'push_subscriptions.user_id', 'notices.user_id')
        .select((inner) => [
          inner.val('push').as('channel'),
          sql<string>`'push:' || ${inner.ref('notices.id')} || ':' || ${inner.ref('push_subscriptions.id')}`.as(
            'dedupe_key',
          ),
          sql<string>`'{"noticeId":' || ${inner.ref('notices.id')} || ',"subscriptionId":' || ${inner.ref('push_subscriptions.id')} || '}'`.as(
            'payload',
          ),
          inner.val(nowText).as('next_attempt_at'),
          inner.val(nowText).as('creation_date'),
        ])
        .where('notices.id', 'in', [...noticeIds]),
    )
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

export type PushTarget = {
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  noticeId: number;
  text: string;
  link: string | null;
};

/** A queued push's notice and subscription, when both are still there and still one person's. */
export async function findPushTarget(
  db: Executor,
  noticeId: number,
  subscriptionId: number,
): Promise<PushTarget | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('notices', 'notices.user_id', 'push_subscriptions.user_id')
    .select([
      'push_subscriptions.id as subscriptionId',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
      'notices.id as noticeId',
      'notices.text',
      'notices.link',
    ])
    .where('push_subscriptions.id', '=', subscriptionId)
    .where('notices.id', '=', noticeId)
    .executeTakeFirst();
}
