import { liveEventSchema } from '@lanparty/contract';
import { readLiveEvent } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import type { EventRow } from './events.repository.ts';
import { formatEvent } from './events.routes.ts';

const row = (fields: Partial<EventRow> & Pick<EventRow, 'kind'>): EventRow => ({
  id: 41,
  lanId: null,
  subscriberId: null,
  userId: null,
  clanId: null,
  seatId: null,
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
