import { liveEventSchema } from '@lanparty/contract';
import { readLiveEvent } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { type EventRow, gatherSeatRuns } from './events.repository.ts';
import { formatEvent } from './events.routes.ts';

const row = (fields: Partial<EventRow> & Pick<EventRow, 'kind'>): EventRow => ({
  id: 41,
  lanId: null,
  subscriberId: null,
  userId: null,
  clanId: null,
  seatId: null,
  tournamentId: null,
  isHidden: false,
  ...fields,
});

/** The event and data lines of one written event, as a client reads them. */
function lines(written: string): { id?: string; event?: string; data: string } {
  const fields = Object.fromEntries(
    written
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
  );
  return { id: fields.id, event: fields.event, data: fields.data ?? '' };
}

describe('formatEvent', () => {
  it.each([
    [row({ kind: 'lan', lanId: 3 }), { kind: 'lan', lanId: 3 }],
    [
      row({ kind: 'subscriber', lanId: 3, subscriberId: 8, userId: 5 }),
      { kind: 'subscriber', lanId: 3, subscriberId: 8 },
    ],
    [row({ kind: 'user', userId: 5, lanId: 3 }), { kind: 'user', userId: 5 }],
    [row({ kind: 'clan', clanId: 6, userId: 5 }), { kind: 'clan', clanId: 6 }],
    [
      row({ kind: 'seat', lanId: 3, seatId: 9, userId: 5 }),
      { kind: 'seat', lanId: 3, seatId: 9, occupantId: 5 },
    ],
    [
      row({ kind: 'seat', lanId: 3, seatId: 9 }),
      { kind: 'seat', lanId: 3, seatId: 9, occupantId: null },
    ],
    [row({ kind: 'seating', lanId: 3, seatId: 9 }), { kind: 'seating', lanId: 3 }],
  ])('writes the contract’s live event of a %s row, ids of its kind only', (event, expected) => {
    const written = lines(formatEvent(event));
    expect(written.id).toBe('41');
    const { kind, ...ids } = expected;
    expect(written.event).toBe(kind);
    expect(JSON.parse(written.data)).toEqual(ids);
    expect(liveEventSchema.parse({ kind: written.event, ...JSON.parse(written.data) })).toEqual(
      expected,
    );
    expect(readLiveEvent(written.event, written.data)).toEqual(expected);
  });

  it('writes nothing for a row without the ids of its kind', () => {
    expect(formatEvent(row({ kind: 'lan' }))).toBe('');
    expect(formatEvent(row({ kind: 'subscriber', lanId: 3 }))).toBe('');
    expect(formatEvent(row({ kind: 'user', lanId: 3 }))).toBe('');
    expect(formatEvent(row({ kind: 'seat', lanId: 3 }))).toBe('');
  });
});

describe('seat changes read together', () => {
  const seat = (
    id: number,
    lanId: number,
    seatId: number,
    userId: number | null,
    isHidden = false,
  ) => row({ id, kind: 'seat', lanId, seatId, userId, isHidden });

  it('are one run per lan, in order, broken by any other change', () => {
    const rows = [
      seat(1, 3, 10, 5),
      seat(2, 3, 11, null),
      row({ id: 3, kind: 'lan', lanId: 3 }),
      seat(4, 3, 12, 6),
      seat(5, 4, 20, 7),
      seat(6, 4, 21, 8, true),
      seat(7, 4, 22, 9, true),
    ];
    expect(gatherSeatRuns(rows)).toEqual([
      { kind: 'seats', id: 2, lanId: 3, isHidden: false, rows: rows.slice(0, 2) },
      rows[2],
      rows[3],
      rows[4],
      { kind: 'seats', id: 7, lanId: 4, isHidden: true, rows: rows.slice(5, 7) },
    ]);
  });

  it('are written as one seats event with the last change’s id, each seat with who sits there now', () => {
    const [run] = gatherSeatRuns([seat(8, 3, 10, 5), seat(9, 3, 11, null), seat(10, 3, 10, null)]);
    const written = lines(formatEvent(run as NonNullable<typeof run>));
    expect(written).toEqual({
      id: '10',
      event: 'seats',
      data: '{"lanId":3,"seats":[[10,5],[11,null],[10,null]]}',
    });
    const expected = {
      kind: 'seats',
      lanId: 3,
      seats: [
        [10, 5],
        [11, null],
        [10, null],
      ],
    };
    expect(readLiveEvent(written.event, written.data)).toEqual(expected);
    expect(liveEventSchema.parse({ kind: written.event, ...JSON.parse(written.data) })).toEqual(
      expected,
    );
  });
});
