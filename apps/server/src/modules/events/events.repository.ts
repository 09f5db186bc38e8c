import type { Executor } from '../../db/executor.ts';

/** A change as a stream tells it: its id, kind and the ids it concerns. */
export type EventRow = {
  id: number;
  kind: 'lan' | 'subscriber' | 'user';
  lanId: number | null;
  subscriberId: number | null;
  userId: number | null;
};

function selectEvents(db: Executor) {
  return db
    .selectFrom('events')
    .select(['id', 'kind', 'lan_id', 'subscriber_id', 'user_id'])
    .orderBy('id');
}

const toEvent = (row: {
  id: number | string;
  kind: EventRow['kind'];
  lan_id: number | null;
  subscriber_id: number | null;
  user_id: number | null;
}): EventRow => ({
  id: Number(row.id),
  kind: row.kind,
  lanId: row.lan_id,
  subscriberId: row.subscriber_id,
  userId: row.user_id,
});

/**
 * The events after `afterId`, and those written since `since` whatever their id: on
 * PostgreSQL a transaction that took its id earlier may commit later, so the last few
 * seconds are read again and the caller skips what it has delivered.
 */
export async function listEventsSince(
  db: Executor,
  afterId: number,
  since: Date,
): Promise<EventRow[]> {
  const rows = await selectEvents(db)
    .where((eb) => eb.or([eb('id', '>', afterId), eb('creation_date', '>=', since.toISOString())]))
    .limit(1000)
    .execute();
  return rows.map(toEvent);
}

/** The events after `afterId`, for a stream resuming from its Last-Event-ID. */
export async function listEventsAfter(db: Executor, afterId: number): Promise<EventRow[]> {
  const rows = await selectEvents(db).where('id', '>', afterId).limit(1000).execute();
  return rows.map(toEvent);
}

/** The newest and the oldest event id kept (0 when there is none). */
export async function findEventIdRange(db: Executor): Promise<{ oldest: number; newest: number }> {
  const row = await db
    .selectFrom('events')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
  return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
}

/** Forgets events written before `before`: a stream that missed them resyncs. */
export async function pruneEvents(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('events').where('creation_date', '<', before.toISOString()).execute();
}
