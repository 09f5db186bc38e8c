import type { LiveEventIdField, LiveEventKind } from '@lanparty/contract/rules';
import type { Selectable } from 'kysely';
import { toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { EventsTable } from '../../db/schema.ts';

/**
 * A change as a stream tells it: its id, kind and the ids it concerns (every id some kind
 * carries, by the contract's `liveEventIds`: null where this kind has none), and whether
 * the lan it concerns is hidden from all but lan administrators (an inactive lan).
 */
export type EventRow = {
  id: number;
  kind: LiveEventKind;
  isHidden: boolean;
} & Record<LiveEventIdField, number | null>;

/**
 * Seat changes of one lan read one after another, told as one `seats` event (`id`: the
 * last row's): hundreds of picks a second were one event apiece to every stream.
 */
export type SeatRun = {
  kind: 'seats';
  id: number;
  lanId: number;
  isHidden: boolean;
  rows: EventRow[];
};

/** What the hub hands a stream: a row, or a run of seat rows. */
export type HubEvent = EventRow | SeatRun;

const isSeatRow = (row: EventRow) =>
  row.kind === 'seat' && row.lanId !== null && row.seatId !== null;

/**
 * The rows in order, with each run of two or more seat rows of one lan (and alike hidden)
 * as one SeatRun; a seat row alone stays a row (a `seat` event).
 */
export function gatherSeatRuns(rows: readonly EventRow[]): HubEvent[] {
  const gathered: HubEvent[] = [];
  for (const row of rows) {
    const last = gathered.at(-1);
    const joins =
      last !== undefined &&
      isSeatRow(row) &&
      (last.kind === 'seats' || isSeatRow(last)) &&
      last.lanId === row.lanId &&
      last.isHidden === row.isHidden;
    if (!joins) gathered.push(row);
    else if (last.kind === 'seats') {
      last.rows.push(row);
      last.id = row.id;
    } else
      gathered[gathered.length - 1] = {
        kind: 'seats',
        id: row.id,
        lanId: row.lanId as number,
        isHidden: row.isHidden,
        rows: [last as EventRow, row],
      };
  }
  return gathered;
}

/** The ids of the rows an event tells. */
export const rowIdsOf = (event: HubEvent): number[] =>
  event.kind === 'seats' ? event.rows.map((row) => row.id) : [event.id];

function selectEvents(db: Executor) {
  return db
    .selectFrom('events')
    .select([
      'id',
      'kind',
      'lan_id',
      'subscriber_id',
      'user_id',
      'clan_id',
      'seat_id',
      'tournament_id',
      'is_hidden',
    ])
    .orderBy('id');
}

const toEvent = (row: Omit<Selectable<EventsTable>, 'creation_date'>): EventRow => ({
  id: Number(row.id),
  kind: row.kind,
  lanId: row.lan_id,
  subscriberId: row.subscriber_id,
  userId: row.user_id,
  clanId: row.clan_id,
  seatId: row.seat_id,
  tournamentId: row.tournament_id,
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
