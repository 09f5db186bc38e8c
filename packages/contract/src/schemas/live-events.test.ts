import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  type LiveEvent,
  liveEventData,
  liveEventIds,
  readLiveEvent,
  seatEventsOf,
} from '../rules/live-event-rules.ts';
import { liveEventSchema } from './live-events.ts';

const examples: LiveEvent[] = [
  { kind: 'lan', lanId: 4 },
  { kind: 'subscriber', lanId: 4, subscriberId: 17 },
  { kind: 'user', userId: 9 },
  { kind: 'seat', lanId: 4, seatId: 12, occupantId: null },
  {
    kind: 'seats',
    lanId: 4,
    seats: [
      [12, 9],
      [13, null],
    ],
  },
  { kind: 'resync' },
];

describe('live events', () => {
  it('are one type, whether zod or the plain reader reads them', () => {
    expectTypeOf<z.infer<typeof liveEventSchema>>().toEqualTypeOf<LiveEvent>();
  });

  it.each(examples)('reads back what the server writes: $kind', (event) => {
    const data = liveEventData(event);
    expect(readLiveEvent(event.kind, data)).toEqual(event);
    expect(liveEventSchema.parse({ kind: event.kind, ...JSON.parse(data) })).toEqual(event);
  });

  it('writes ids only, in the data line the stream has always carried', () => {
    expect(liveEventData({ kind: 'lan', lanId: 4 })).toBe('{"lanId":4}');
    expect(liveEventData({ kind: 'subscriber', lanId: 4, subscriberId: 17 })).toBe(
      '{"lanId":4,"subscriberId":17}',
    );
    expect(liveEventData({ kind: 'user', userId: 9 })).toBe('{"userId":9}');
    expect(liveEventData({ kind: 'resync' })).toBe('{}');
    expect(liveEventData({ kind: 'seats', lanId: 4, seats: [[12, 9]] })).toBe(
      '{"lanId":4,"seats":[[12,9]]}',
    );
  });

  it('tells the seat changes of a seats event one by one, in order', () => {
    expect(
      seatEventsOf({
        kind: 'seats',
        lanId: 4,
        seats: [
          [12, 9],
          [12, null],
        ],
      }),
    ).toEqual([
      { kind: 'seat', lanId: 4, seatId: 12, occupantId: 9 },
      { kind: 'seat', lanId: 4, seatId: 12, occupantId: null },
    ]);
    expect(seatEventsOf({ kind: 'seat', lanId: 4, seatId: 12, occupantId: 9 })).toEqual([
      { kind: 'seat', lanId: 4, seatId: 12, occupantId: 9 },
    ]);
    expect(seatEventsOf({ kind: 'seating', lanId: 4 })).toEqual([]);
  });

  it('refuses a seats event whose changes are not pairs of ids', () => {
    expect(readLiveEvent('seats', '{"lanId":4,"seats":[[1]]}')).toBeNull();
    expect(readLiveEvent('seats', '{"lanId":4,"seats":[[1,2,3]]}')).toBeNull();
    expect(readLiveEvent('seats', '{"lanId":4,"seats":[[null,2]]}')).toBeNull();
    expect(readLiveEvent('seats', '{"lanId":4,"seats":[[1,"2"]]}')).toBeNull();
    expect(readLiveEvent('seats', '{"lanId":4,"seats":{}}')).toBeNull();
    expect(readLiveEvent('seats', '{"seats":[]}')).toBeNull();
  });

  it('refuses what it does not know, as zod does', () => {
    expect(readLiveEvent('lan', '{"lanId":"4"}')).toBeNull();
    expect(readLiveEvent('lan', '{"lanId":4.5}')).toBeNull();
    expect(readLiveEvent('subscriber', '{"lanId":4}')).toBeNull();
    expect(readLiveEvent('user', 'not json')).toBeNull();
    expect(readLiveEvent('user', 'null')).toBeNull();
    expect(readLiveEvent('toString', '{}')).toBeNull();
    expect(readLiveEvent('comment', '{}')).toBeNull();
    expect(readLiveEvent(undefined, '{"lanId":4}')).toBeNull();
  });

  it('leaves out fields its kind does not name', () => {
    expect(readLiveEvent('lan', '{"lanId":4,"email":"x@example.com"}')).toEqual({
      kind: 'lan',
      lanId: 4,
    });
  });

  it('accepts exactly the events the schema accepts', () => {
    const kinds = [...Object.keys(liveEventIds), 'seats', 'resync', 'other', '__proto__'];
    const scalar = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constant(Number.MAX_SAFE_INTEGER + 1),
      fc.string(),
      fc.constant(null),
    );
    const value = fc.oneof(
      scalar,
      fc.array(fc.oneof(fc.tuple(fc.integer(), fc.oneof(fc.integer(), fc.constant(null))), scalar)),
      fc.array(fc.array(scalar, { maxLength: 3 })),
    );
    const data = fc.dictionary(
      fc.constantFrom('lanId', 'subscriberId', 'userId', 'seatId', 'occupantId', 'seats', 'x'),
      value,
    );
    fc.assert(
      fc.property(fc.constantFrom(...kinds), data, (kind, fields) => {
        // Both read what the stream carries: the JSON of the ids (-0 is written as 0).
        const data = JSON.stringify(fields);
        const read = readLiveEvent(kind, data);
        const parsed = liveEventSchema.safeParse({ ...JSON.parse(data), kind });
        expect(read).toEqual(parsed.success ? parsed.data : null);
      }),
    );
  });
});
