import { z } from 'zod';
import {
  type LiveEventKind,
  liveEventIds,
  liveEventKinds,
  type NullableIdOf,
  nullableIdsOf,
} from '../rules/live-event-rules.ts';

const eventId = z.int().meta({ description: 'The id of what changed.' });

const nullableEventId = eventId.nullable().optional();

function eventOf<K extends LiveEventKind>(kind: K) {
  const ids = Object.fromEntries(liveEventIds[kind].map((field) => [field, eventId]));
  const nullableIds = Object.fromEntries(nullableIdsOf(kind).map((f) => [f, nullableEventId]));
  return z.object({
    kind: z.literal(kind),
    ...(ids as Record<(typeof liveEventIds)[K][number], typeof eventId>),
    ...(nullableIds as Record<NullableIdOf<K>, typeof nullableEventId>),
  });
}

/** Each kind's schema, as `eventOf` builds it. */
type EventSchemaOf = { [K in LiveEventKind]: ReturnType<typeof eventOf<K>> };

/**
 * A live event of GET /api/events as zod reads it: its kind (the stream's `event:` line)
 * and its ids (the `data:` line), built from `liveEventIds`, the one list of what each kind
 * carries. The web app reads the stream with `readLiveEvent` instead, which accepts the same
 * events without bringing zod to the first screen (live-events.test.ts holds them together).
 */
export const liveEventSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('seats'),
      lanId: eventId,
      seats: z.array(z.tuple([eventId, eventId.nullable()])),
    }),
    z.object({ kind: z.literal('resync') }),
    ...(liveEventKinds.map((kind) => eventOf(kind)) as EventSchemaOf[LiveEventKind][]),
  ])
  .meta({
    description:
      'What changed, ids only: `lan` {lanId}, `subscriber` {lanId, subscriberId}, `user` ' +
      '{userId}, `clan` {clanId}, `seat` {lanId, seatId, occupantId} (picked, moved or freed; occupantId: who sits there now, null when freed), `seats` {lanId, seats: ' +
      '[[seatId, occupantId], …]} (several seats of a lan changed together, in order), `seating` {lanId} (the ' +
      'plan changed), `schedule` {lanId} (its schedule changed), `announcement` {lanId} (an announcement posted or deleted), `screen` {lanId} (on a screen’s own stream: a screen of the lan made or switched off), `tournament` {lanId, tournamentId} (a tournament made, changed or deleted, an entry, a report or a result), `lanner` {userId} (what anyone may see of a user changed: nickname, history shown or hidden, roles, avatar); `resync` when what was missed is no longer held.',
  });
