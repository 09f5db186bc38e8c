import { toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * A change as a stream tells it: its id, kind and the ids it concerns, and whether the lan
 * it concerns is hidden from all but lan administrators (an inactive lan).
 */
export type EventRow = {
  id: number;
  kind: 'lan' | 'subscriber' | 'user' | 'clan' | 'seat' | 'seating';
  lanId: number | null;
  subscriberId: number | null;
  userId: number | null;
  clanId: number | null;
  seatId: number | null;
  isHidden: boolean;
};

function selectEvents(db: Executor) {
  return db
    .selectFrom('events')
    .select(['id', 'kind', 'lan_id', 'subscriber_id', 'user_id', 'clan_id', 'seat_id', 'is_hidden'])
    .orderBy('id');
}

const toEvent = (row: {
  id: number | string;
  kind: EventRow['kind'];
  lan_id: number | null;
  subscriber_id: number | null;
  user_id: number | null;
  clan_id: number | null;
  seat_id: number | null;
  is_hidden: boolean | number;
}): EventRow => ({
  id: Number(row.id),
  kind: row.kind,
  lanId: row.lan_id,
  subscriberId: row.subscriber_id,
  userId: row.user_id,
  clanId: row.clan_id,
  seatId: row.seat_id,
  isHidden: toBoolean(row.is_hidden),
});

/** The first `limit` events after `afterId`, oldest first. */
export async function listEventsAfter(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<EventRow[]> {
  const rows = await selectEvents(db).where('id', '>', afterId).limit(limit).execute();
  return rows.map(toEvent);
}

/** Those of `ids` that are written (committed, on PostgreSQL), oldest first. */
export async function listEventsByIds(db: Executor, ids: readonly number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectEvents(db).where('id', 'in', ids).execute();
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
