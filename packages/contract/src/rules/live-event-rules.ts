/**
 * The kinds of live event (GET /api/events) and the ids each carries: never personal data,
 * so a client refetches what changed. The one list of the kinds and definition of the
 * payload: the server's events table types its `kind` by it and writes its events from it,
 * the web app reads them with `readLiveEvent` (no zod on the first screen), and
 * `liveEventSchema` (schemas/live-events.ts) is built from it for tests and tools. The
 * database's triggers write the rows; a test reads them from a migrated database on both
 * engines and fails on a kind not listed here or a kind here that none writes
 * (apps/server/src/db/live-event-triggers.test.ts).
 */
export const liveEventIds = {
  lan: ['lanId'],
  subscriber: ['lanId', 'subscriberId'],
  user: ['userId'],
  clan: ['clanId'],
  seat: ['lanId', 'seatId'],
  seating: ['lanId'],
  schedule: ['lanId'],
  announcement: ['lanId'],
  /** A screen of the lan was made or switched off: for that lan's screens alone. */
  screen: ['lanId'],
  /** A tournament of the lan changed: made, edited, an entry, a report, a result (issue 37). */
  tournament: ['lanId', 'tournamentId'],
  /**
   * What anyone may see of a user changed (nickname, Steam id, history shown or hidden,
   * roles, avatar), for every stream: lanner lists follow (issue 51). `user` is theirs alone.
   */
  lanner: ['userId'],
  /** A notice of the user's was made or marked seen (issue 53): for that user alone. */
  notice: ['userId'],
  /**
   * A food round of the lan changed (opened, changed, closed early, cancelled, arrived), or,
   * for lan administrators alone, an order of one (issue 54).
   */
  food: ['lanId'],
} as const;

/**
 * Ids an event may carry that may be null, and that an older server leaves out: a `seat`
 * event's `occupantId`, who sits there now (null: freed), so an open map shows a pick the
 * moment it hears of it, without asking (issue 34).
 */
export const liveEventNullableIds = {
  seat: ['occupantId'],
} as const satisfies Partial<Record<keyof typeof liveEventIds, readonly string[]>>;

/** A kind of event that names what changed; `resync` names nothing. */
export type LiveEventKind = keyof typeof liveEventIds;

/** Every kind of event that names what changed, in `liveEventIds`' order. */
export const liveEventKinds = Object.keys(liveEventIds) as LiveEventKind[];

/** An id some kind of event carries (`lanId`, `seatId`, …), nullable ones aside. */
export type LiveEventIdField = (typeof liveEventIds)[LiveEventKind][number];

/** The ids of `liveEventNullableIds` of a kind (never when it has none). */
export type NullableIdOf<K extends LiveEventKind> = K extends keyof typeof liveEventNullableIds
  ? (typeof liveEventNullableIds)[K][number]
  : never;

/** The `data:` of an event of that kind: its ids. */
export type LiveEventData<K extends LiveEventKind> = {
  [Field in (typeof liveEventIds)[K][number]]: number;
} & { [Field in NullableIdOf<K>]?: number | null };

/** The nullable ids of a kind (`liveEventNullableIds`), none for most. */
export const nullableIdsOf = (kind: LiveEventKind): readonly NullableIdOf<LiveEventKind>[] =>
  (liveEventNullableIds as Partial<Record<LiveEventKind, readonly NullableIdOf<LiveEventKind>[]>>)[
    kind
  ] ?? [];

/**
 * Several seats of one lan that changed together, in the order of their changes: each
 * `[seatId, occupantId]` as a `seat` event's ids (occupantId null: freed). The server sends
 * it for a run of seat changes it read at once (hundreds of picks a second), where one
 * `seat` event apiece was most of a stream's bytes and of a tab's work (decision 042).
 */
export type SeatsEvent = { kind: 'seats'; lanId: number; seats: [number, number | null][] };

/**
 * What changed: the event's kind (the stream's `event:` line) and its ids (the `data:`
 * line). `resync` means the server no longer holds everything missed since the last event
 * seen: refetch everything.
 */
export type LiveEvent =
  | { [K in LiveEventKind]: Flat<{ kind: K } & LiveEventData<K>> }[LiveEventKind]
  | SeatsEvent
  | { kind: 'resync' };

/** A `seat` event: one seat picked, moved or freed. */
export type SeatEvent = Extract<LiveEvent, { kind: 'seat' }>;

/**
 * The seat changes an event tells, one `seat` event apiece, in order: a `seat` event
 * itself, each seat of a `seats` event; none for other kinds.
 */
export function seatEventsOf(event: LiveEvent): SeatEvent[] {
  if (event.kind === 'seat') return [event];
  if (event.kind !== 'seats') return [];
  return event.seats.map(([seatId, occupantId]) => ({
    kind: 'seat',
    lanId: event.lanId,
    seatId,
    occupantId,
  }));
}

const isSeatChange = (pair: unknown): pair is [number, number | null] =>
  Array.isArray(pair) &&
  pair.length === 2 &&
  Number.isSafeInteger(pair[0]) &&
  (pair[1] === null || Number.isSafeInteger(pair[1]));

function readSeatsEvent(fields: object): SeatsEvent | null {
  const { lanId, seats } = fields as Record<string, unknown>;
  if (!Number.isSafeInteger(lanId) || !Array.isArray(seats) || !seats.every(isSeatChange))
    return null;
  return { kind: 'seats', lanId: lanId as number, seats: seats.map(([a, b]) => [a, b]) };
}

/** One object type instead of an intersection, as an editor shows it. */
type Flat<T> = { [Field in keyof T]: T[Field] };

const isLiveEventKind = (kind: string): kind is LiveEventKind => Object.hasOwn(liveEventIds, kind);

/**
 * A stream's message as a LiveEvent: its `event:` name and the JSON of its `data:` line.
 * Null for anything this app does not know (a kind of a later server, an id that is not a
 * whole number); fields the kind does not name are left out.
 */
export function readLiveEvent(name: string | undefined, data: string): LiveEvent | null {
  if (name === 'resync') return { kind: 'resync' };
  if (name === undefined || (name !== 'seats' && !isLiveEventKind(name))) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof fields !== 'object' || fields === null) return null;
  if (name === 'seats') return readSeatsEvent(fields);
  const event: Record<string, unknown> = { kind: name };
  for (const field of liveEventIds[name]) {
    const id: unknown = (fields as Record<string, unknown>)[field];
    if (!Number.isSafeInteger(id)) return null;
    event[field] = id;
  }
  for (const field of nullableIdsOf(name)) {
    if (!Object.hasOwn(fields, field)) continue;
    const id: unknown = (fields as Record<string, unknown>)[field];
    if (id !== null && !Number.isSafeInteger(id)) return null;
    event[field] = id;
  }
  return event as LiveEvent;
}

/** The `data:` line of an event, its ids as JSON (`resync` carries `{}`). */
export function liveEventData(event: LiveEvent): string {
  const { kind, ...ids } = event;
  return JSON.stringify(ids);
}
