import type { Seat, Seating, SeatOccupant, SeatSwap } from '../schemas/seating.ts';

/*
 * Seat plans for the tests of the seat map, the plan editor and the server: a fresh object
 * each call, as the lans and users are built.
 */

export function buildOccupant(overrides: Partial<SeatOccupant> = {}): SeatOccupant {
  return {
    userId: 2,
    nickname: 'Nick',
    clanId: null,
    clanTag: null,
    clanColour: null,
    ...overrides,
  };
}

/** A free standard seat A1 at the grid's first cell. */
export function buildSeat(overrides: Partial<Seat> = {}): Seat {
  return {
    id: 1,
    label: 'A1',
    x: 0,
    y: 0,
    kind: 'standard',
    blockId: null,
    occupant: null,
    ...overrides,
  };
}

/** One row of seats A1 … A{count}, side by side, free; `seats` replace them by label. */
export function buildRow(count: number, changes: Record<string, Partial<Seat>> = {}): Seat[] {
  return Array.from({ length: count }, (_, index) => {
    const label = `A${index + 1}`;
    return buildSeat({ id: index + 1, label, x: index, y: 0, ...changes[label] });
  });
}

/** A published plan, open for picks since long ago and never locking. */
export function buildSeating(
  overrides: Partial<Seating> = {},
  plan: Partial<Seating['plan']> = {},
): Seating {
  return {
    plan: {
      opensAt: null,
      locksAt: null,
      published: true,
      width: 12,
      height: 2,
      hallVersion: null,
      modificationDate: '2026-01-01T10:00:00Z',
      ...plan,
    },
    seats: buildRow(12),
    blocks: [],
    people: [],
    version: 1,
    ...overrides,
  };
}

export function buildSeatSwap(overrides: Partial<SeatSwap> = {}): SeatSwap {
  return {
    id: 5,
    lanId: 1,
    from: { userId: 2, nickname: 'Nick', seat: 'A2' },
    to: { userId: 1, nickname: 'pixelpete', seat: 'A1' },
    creationDate: '2026-01-02T10:00:00+01:00',
    ...overrides,
  };
}
