import { buildOccupant, buildSeat, buildSeating } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  cellSizeOf,
  findLanners,
  pickingPhaseOf,
  type SeatingViewer,
  seatChoicesOf,
  seatInDirection,
  seatName,
} from './seat-view.ts';

const lanner: SeatingViewer = {
  userId: 1,
  clanId: null,
  isParticipant: true,
  isLanAdministrator: false,
  seatsTheClan: false,
};
const open = { kind: 'open', locksAt: null } as const;
const nick = buildOccupant({
  userId: 2,
  nickname: 'Nick',
  clanId: 7,
  clanTag: 'TAG',
  clanColour: '#b5177d',
});

describe('a seat’s name for screen readers', () => {
  it('says a free seat is free', () => {
    expect(seatName(buildSeat({ label: 'A12' }), lanner)).toBe('Seat A12, free');
  });

  it('says who sits on a taken seat, with their clan’s tag', () => {
    expect(seatName(buildSeat({ label: 'A13', occupant: nick }), lanner)).toBe(
      'Seat A13, taken by Nick [TAG]',
    );
  });

  it('says the viewer’s own seat is theirs', () => {
    const mine = buildSeat({ label: 'A14', occupant: buildOccupant({ userId: 1 }) });
    expect(seatName(mine, lanner)).toBe('Seat A14, your seat');
  });

  it('says a seat of the viewer’s clan is', () => {
    expect(seatName(buildSeat({ label: 'B2', occupant: nick }), { ...lanner, clanId: 7 })).toBe(
      'Seat B2, taken by Nick [TAG], your clan',
    );
  });

  it('states blocked, crew and accessible seats, and one Find a lanner found', () => {
    expect(seatName(buildSeat({ label: 'C6', kind: 'blocked' }), lanner)).toBe('Seat C6, blocked');
    expect(seatName(buildSeat({ label: 'E1', kind: 'crew' }), lanner)).toBe(
      'Seat E1, free, crew seat',
    );
    expect(seatName(buildSeat({ label: 'E12', kind: 'accessible' }), lanner)).toBe(
      'Seat E12, free, accessible seat',
    );
    expect(seatName(buildSeat({ label: 'A13', occupant: nick }), lanner, true)).toBe(
      'Seat A13, taken by Nick [TAG], found',
    );
  });
});

describe('when seats are picked', () => {
  const plan = buildSeating(
    {},
    {
      opensAt: '2026-03-01T18:00:00+01:00',
      locksAt: '2026-03-14T18:00:00+01:00',
    },
  ).plan;

  it('is not open before opensAt, open until locksAt, and fixed from then', () => {
    expect(pickingPhaseOf(plan, new Date('2026-03-01T16:59:00Z')).kind).toBe('notOpen');
    expect(pickingPhaseOf(plan, new Date('2026-03-01T17:00:00Z')).kind).toBe('open');
    expect(pickingPhaseOf(plan, new Date('2026-03-14T17:00:00Z')).kind).toBe('locked');
  });
});

describe('what the viewer may do at a seat', () => {
  it('offers a participant a free seat, and a move once they have one', () => {
    const free = buildSeat({ id: 3, label: 'A3' });
    expect(seatChoicesOf(free, lanner, open, null).actions).toEqual([
      { kind: 'take', isMove: false },
    ]);
    const mine = buildSeat({ occupant: buildOccupant({ userId: 1 }) });
    expect(seatChoicesOf(free, lanner, open, mine).actions).toEqual([
      { kind: 'take', isMove: true },
    ]);
  });

  it('says why not before picking opens and after it locks, and offers nothing', () => {
    const free = buildSeat();
    const before = seatChoicesOf(
      free,
      lanner,
      { kind: 'notOpen', opensAt: '2026-03-01T18:00:00+01:00' },
      null,
    );
    expect(before).toEqual({ actions: [], reason: 'Seat picking opens on 01 Mar 2026, 18:00.' });
    const after = seatChoicesOf(
      free,
      lanner,
      { kind: 'locked', locksAt: '2026-03-14T18:00:00+01:00' },
      null,
    );
    expect(after).toEqual({
      actions: [],
      reason: 'Seats are fixed since 14 Mar 2026, 18:00: ask a lan administrator to move anyone.',
    });
  });

  it('tells someone without a place why they pick no seat', () => {
    const choices = seatChoicesOf(buildSeat(), { ...lanner, isParticipant: false }, open, null);
    expect(choices).toEqual({
      actions: [],
      reason: 'Once your place is Accepted or Paid, you pick a seat here.',
    });
  });

  it('offers nothing on a blocked seat, and a crew seat only to the crew', () => {
    expect(seatChoicesOf(buildSeat({ kind: 'blocked' }), lanner, open, null).actions).toEqual([]);
    expect(seatChoicesOf(buildSeat({ kind: 'crew' }), lanner, open, null)).toEqual({
      actions: [],
      reason: 'This seat is for the crew.',
    });
    const administrator = { ...lanner, isLanAdministrator: true };
    expect(seatChoicesOf(buildSeat({ kind: 'crew' }), administrator, open, null).actions).toEqual([
      { kind: 'take', isMove: false },
      { kind: 'seatSomeone' },
    ]);
  });

  it('offers a seated lanner a swap of a taken seat; first a seat of their own', () => {
    const taken = buildSeat({ id: 2, label: 'A2', occupant: nick });
    const mine = buildSeat({ occupant: buildOccupant({ userId: 1 }) });
    expect(seatChoicesOf(taken, lanner, open, mine).actions).toEqual([
      { kind: 'askSwap', occupant: nick },
    ]);
    expect(seatChoicesOf(taken, lanner, open, null)).toEqual({
      actions: [],
      reason: 'Pick a seat of your own first: then you can ask Nick to swap.',
    });
  });

  it('lets a clan’s seat manager seat and free its members, while picking is open', () => {
    const manager = { ...lanner, clanId: 7, seatsTheClan: true };
    expect(seatChoicesOf(buildSeat(), manager, open, null).actions).toEqual([
      { kind: 'take', isMove: false },
      { kind: 'seatSomeone' },
    ]);
    expect(seatChoicesOf(buildSeat({ occupant: nick }), manager, open, null).actions).toEqual([
      { kind: 'freeTheirs', occupant: nick },
    ]);
    const locked = { kind: 'locked', locksAt: '2026-03-14T18:00:00+01:00' } as const;
    expect(seatChoicesOf(buildSeat(), manager, locked, null).actions).toEqual([]);
  });

  it('lets a lan administrator seat anyone after seats are fixed', () => {
    const administrator = { ...lanner, isParticipant: false, isLanAdministrator: true };
    const locked = { kind: 'locked', locksAt: '2026-03-14T18:00:00+01:00' } as const;
    expect(seatChoicesOf(buildSeat(), administrator, locked, null)).toEqual({
      actions: [{ kind: 'seatSomeone' }],
      reason: null,
    });
  });
});

describe('finding a lanner and moving between seats', () => {
  const seats = [
    buildSeat({ id: 1, label: 'A1', x: 0, y: 0, occupant: buildOccupant({ nickname: 'Zoë' }) }),
    buildSeat({ id: 2, label: 'A2', x: 1, y: 0 }),
    buildSeat({ id: 3, label: 'A4', x: 3, y: 0 }),
    buildSeat({ id: 4, label: 'B1', x: 0, y: 2, occupant: nick }),
  ];

  it('finds a lanner by part of the nickname, case and accents ignored', () => {
    expect(findLanners(seats, 'zoe').map((seat) => seat.label)).toEqual(['A1']);
    expect(findLanners(seats, 'NIC').map((seat) => seat.label)).toEqual(['B1']);
    expect(findLanners(seats, ' ')).toEqual([]);
  });

  it('moves to the nearest seat that way, over gaps, in line first', () => {
    const [a1, a2, a4, b1] = seats as [
      (typeof seats)[0],
      (typeof seats)[0],
      (typeof seats)[0],
      (typeof seats)[0],
    ];
    expect(seatInDirection(seats, a1, 'right')).toBe(a2);
    expect(seatInDirection(seats, a2, 'right')).toBe(a4);
    expect(seatInDirection(seats, a4, 'right')).toBeNull();
    expect(seatInDirection(seats, a2, 'down')).toBe(b1);
    expect(seatInDirection(seats, b1, 'up')).toBe(a1);
  });

  it('fits a plan to a wide screen, and keeps seats big enough to touch on a phone', () => {
    expect(cellSizeOf(1000, 13, 3, false)).toBe(56);
    expect(cellSizeOf(1000, 40, 3, false)).toBe(25);
    expect(cellSizeOf(1000, 40, 0, false)).toBe(24);
    // 48 px cells hold 44 px seats: no zoom makes them smaller on a phone.
    expect(cellSizeOf(343, 13, 3, true)).toBe(48);
    expect(cellSizeOf(343, 13, 0, true)).toBe(48);
    expect(cellSizeOf(343, 13, 6, true)).toBe(96);
    expect(cellSizeOf(343, 5, 3, true)).toBe(56);
  });
});
