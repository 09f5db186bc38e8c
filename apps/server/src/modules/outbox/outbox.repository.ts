import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a lan message's sender), when not to the sender of every mail. */
  replyTo?: string;
};
export type ChatMessage = Record<string, unknown>;

/**
 * The people a message is about (issue 50), kept beside it: its recipient (whose mail the
 * export shows), and the people its text names (a lan message's sender, one taking a place).
 * Erasing any of them empties the message, found by key, not by searching its text.
 */
export type MessagePeople = { recipient?: number; named?: readonly number[] };

export type OutboxMessage = (
  | { channel: 'email'; dedupeKey: string; payload: EmailMessage }
  | { channel: 'chat'; dedupeKey: string; payload: ChatMessage }
  | { channel: 'push'; dedupeKey: string; payload: { noticeId: number; subscriptionId: number } }
) & { people?: MessagePeople };

/**
 * Messages about one thing, e.g. a subscription's status (decision 034): the next change
 * of it cancels the thread's message while that still waits. `origin` is what the receiver
 * knew before the thread's untold changes.
 */
export type MessageThread = { key: string; origin: string };

/**
 * Queues a message in the same transaction as the change that causes it, so it is sent
 * exactly when the change is committed. A message whose dedupe key is already queued
 * is not queued again. `notBefore` holds it back until then (a thread's message waits, so
 * a change made back within the wait can cancel it).
 */
export async function enqueueMessage(
  db: Executor,
  message: OutboxMessage,
  now = new Date(),
  options: { notBefore?: Date; thread?: MessageThread } = {},
): Promise<void> {
  const [queued] = await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      dedupe_key: message.dedupeKey,
      payload: JSON.stringify(message.payload),
      next_attempt_at: (options.notBefore ?? now).toISOString(),
      creation_date: now.toISOString(),
      thread_key: options.thread?.key ?? null,
      thread_origin: options.thread?.origin ?? null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  const { recipient, named = [] } = message.people ?? {};
  const people = new Map(named.map((userId) => [userId, false]));
  if (recipient !== undefined) people.set(recipient, true);
  if (queued && people.size > 0)
    await db
      .insertInto('outbox_people')
      .values(
        [...people].map(([userId, isRecipient]) => ({
          outbox_id: queued.id,
          user_id: userId,
          is_recipient: isRecipient,
        })),
      )
      .execute();
}

/**
 * Cancels the thread's messages not yet sent: neither delivered nor given up on, and
 * claimed by no worker, whether still waiting, due or waiting out a failed delivery (a
 * retry would tell of a status that is no longer so, after what was told since). One
 * conditional update, so against a worker's claim of the same row (claimMessage, which
 * wants it not cancelled and claimed by nobody) exactly one wins, also on several servers.
 * Answers the oldest cancelled message's thread origin, what the receiver knew, as they
 * were told none of them; undefined when nothing was cancelled.
 */
export async function cancelWaitingMessage(
  db: Executor,
  threadKey: string,
  now: Date,
): Promise<{ origin: string | null } | undefined> {
  const nowText = now.toISOString();
  const cancelled = await db
    .updateTable('outbox')
    .set({ cancelled_at: nowText })
    .where('thread_key', '=', threadKey)
    .where('cancelled_at', 'is', null)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => isClaimedByNobody(eb, nowText))
    .returning(['id', 'thread_origin'])
    .execute();
  // Messages of a thread go in order (isBehindInThread), so none after the oldest
  // cancelled one was delivered: its origin is what the receiver knows.
  const [oldest] = cancelled.sort((a, b) => a.id - b.id);
  return oldest && { origin: oldest.thread_origin };
}

/**
 * No worker's claim holds on the message: it never had one, or it has run out. The claim,
 * the due list and a cancellation read it alike, so that of a claim and a cancellation of
 * one message exactly one wins.
 */
function isClaimedByNobody(eb: ExpressionBuilder<Database, 'outbox'>, nowText: string) {
  return eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowText)]);
}

/**
 * Queues a lan's activation announcement. Its dedupe key counts the lan's announcements
 * so far, so a lan activated again (after being deactivated) is announced again, while a
 * retried transaction never queues the same announcement twice.
 */
export async function enqueueLanAnnouncement(
  db: Executor,
  lanId: number,
  payload: ChatMessage,
  now = new Date(),
): Promise<void> {
  const number = (await countLanAnnouncements(db, lanId)) + 1;
  await enqueueMessage(
    db,
    { channel: 'chat', dedupeKey: `${lanAnnouncementKeyPrefix(lanId)}${number}`, payload },
    now,
  );
}

const lanAnnouncementKeyPrefix = (lanId: number) => `lan-activated:${lanId}:`;

/** How many activation announcements of this lan have been queued, delivered or not. */
export async function countLanAnnouncements(db: Executor, lanId: number): Promise<number> {
  const { count } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('dedupe_key', 'like', `${lanAnnouncementKeyPrefix(lanId)}%`)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A dedupe key for another message of a kind that may be sent more than once for the
 * same thing: `key` the first time, then `key:2`, `key:3` … A retried transaction counts
 * the same, so it never queues the same message twice.
 */
export async function nextDedupeKey(db: Executor, key: string): Promise<string> {
  const { count } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => eb.or([eb('dedupe_key', '=', key), eb('dedupe_key', 'like', `${key}:%`)]))
    .executeTakeFirstOrThrow();
  return Number(count) === 0 ? key : `${key}:${Number(count) + 1}`;
}

export type DueMessage = { id: number; channel: string; payload: string; attempts: number };

/**
 * A message of a thread waits while an older one of its thread is still to be sent (one
 * in flight that failed and waits to be tried again): the receiver reads them in the order
 * they were written, so the last one read tells what is so now.
 */
function isBehindInThread(eb: ExpressionBuilder<Database, 'outbox'>) {
  return eb.exists(
    eb
      .selectFrom('outbox as earlier')
      .select('earlier.id')
      .whereRef('earlier.thread_key', '=', 'outbox.thread_key')
      .whereRef('earlier.id', '<', 'outbox.id')
      .where('earlier.delivered_at', 'is', null)
      .where('earlier.failed_at', 'is', null)
      .where('earlier.cancelled_at', 'is', null),
  );
}

/** How many due messages one read gives. */
export const dueBatchSize = 20;

/**
 * Up to 20 messages due on these channels, oldest first, that nobody holds a claim on and
 * no older message of their thread waits before.
 */
export async function findDueMessages(
  db: Executor,
  channels: readonly OutboxMessage['channel'][],
  now: Date,
): Promise<DueMessage[]> {
  const nowText = now.toISOString();
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'payload', 'attempts'])
    .where('channel', 'in', [...channels])
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('next_attempt_at', '<=', nowText)
    .where((eb) => isClaimedByNobody(eb, nowText))
    .where((eb) => eb.not(isBehindInThread(eb)))
    .orderBy('id')
    .limit(dueBatchSize)
    .execute();
}

/**
 * Claims a message until `lockedUntil` with a conditional update: true for exactly one
 * of several instances asking at once, and false once it is delivered, cancelled, not
 * yet due (another server's clock), behind an older message of its thread still to be
 * sent, or someone else's claim still holds (decision 009).
 */
export async function claimMessage(
  db: Executor,
  id: number,
  now: Date,
  lockedUntil: Date,
): Promise<boolean> {
  const nowText = now.toISOString();
  const claimed = await db
    .updateTable('outbox')
    .set({ locked_until: lockedUntil.toISOString() })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('next_attempt_at', '<=', nowText)
    .where((eb) => isClaimedByNobody(eb, nowText))
    .where((eb) => eb.not(isBehindInThread(eb)))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function markMessageDelivered(db: Executor, id: number, now = new Date()) {
  await db
    .updateTable('outbox')
    .set({ delivered_at: now.toISOString(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt; a message given up on is marked failed and kept for inspection. */
export async function recordFailedAttempt(
  db: Executor,
  id: number,
  failure: { attempts: number; reason: string; nextAttemptAt: Date; isGivenUp: boolean },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      attempts: failure.attempts,
      last_error: failure.reason.slice(0, 1000),
      locked_until: null,
      next_attempt_at: failure.nextAttemptAt.toISOString(),
      ...(failure.isGivenUp ? { failed_at: now.toISOString() } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A message's payload once its text is gone (erased, or kept past its time). */
export const emptiedPayload = '{}';

/**
 * Empties the text of messages sent, failed or cancelled before `cutoff` (the row stays, so
 * no message is queued twice); how many.
 */
export async function emptyMessagesEndedBefore(db: Executor, cutoff: Date): Promise<number> {
  const cutoffText = cutoff.toISOString();
  const result = await db
    .updateTable('outbox')
    .set({ payload: emptiedPayload, last_error: null })
    .where('payload', '!=', emptiedPayload)
    .where((eb) =>
      eb.or([
        eb('delivered_at', '<', cutoffText),
        eb('failed_at', '<', cutoffText),
        eb('cancelled_at', '<', cutoffText),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Cancels a message whose text is gone while it still waits, unless a worker's claim holds
 * on it: an empty mail or chat post is never sent.
 */
export async function cancelEmptiedMessage(db: Executor, id: number, now: Date): Promise<void> {
  const nowText = now.toISOString();
  await db
    .updateTable('outbox')
    .set({ cancelled_at: nowText, locked_until: null })
    .where('id', '=', id)
    .where('payload', '=', emptiedPayload)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where((eb) => isClaimedByNobody(eb, nowText))
    .execute();
}

/** Of these messages, the ones whose text is gone (erased, or kept past its time). */
export async function findEmptiedMessageIds(
  db: Executor,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('id', 'in', [...ids])
    .where('payload', '=', emptiedPayload)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Every message about the person (MessagePeople) loses its text, and one still waiting is
 * cancelled: nothing of them is kept or sent (issue 50). The row stays, empty, so its dedupe
 * key keeps it from being queued again; its mail file goes on each server's next sweep
 * (mail-files.ts). A message a worker is sending right now is emptied too; its file, written
 * after, goes on that sweep; should that send fail, the worker cancels it (never an empty
 * retry).
 */
export async function forgetMessagesAbout(db: Executor, userId: number, now: Date): Promise<void> {
  const nowText = now.toISOString();
  const theirs = (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb(
      'id',
      'in',
      eb.selectFrom('outbox_people').select('outbox_id').where('user_id', '=', userId),
    );
  await db
    .updateTable('outbox')
    .set({ cancelled_at: nowText })
    .where(theirs)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where((eb) => isClaimedByNobody(eb, nowText))
    .execute();
  await db
    .updateTable('outbox')
    .set({ payload: emptiedPayload, last_error: null })
    .where(theirs)
    .where('payload', '!=', emptiedPayload)
    .execute();
}

/** The mail the person received (they are its recipient), oldest first. */
export async function findMailTo(db: Executor, userId: number) {
  return db
    .selectFrom('outbox')
    .innerJoin('outbox_people', 'outbox_people.outbox_id', 'outbox.id')
    .select(['outbox.payload', 'outbox.creation_date', 'outbox.delivered_at'])
    .where('outbox_people.user_id', '=', userId)
    .where('outbox_people.is_recipient', '=', true)
    .where('outbox.channel', '=', 'email')
    .orderBy('outbox.id')
    .execute();
}
