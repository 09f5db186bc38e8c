import { describe, expect, it } from 'vitest';
import { type ClanSeatsPlan, planClanSeats, type RunSeat } from './free-runs.ts';

/** A row of `count` seats at line `y`, `prefix`1 …, with who sits where. */
function row(
  prefix: string,
  count: number,
  y: number,
  occupants: Record<number, number> = {},
  blockId: number | null = null,
): RunSeat[] {
  return Array.from({ length: count }, (_, index) => ({
    id: y * 100 + index + 1,
    label: `${prefix}${index + 1}`,
    x: index,
    y,
    blockId,
    occupantId: occupants[index + 1] ?? null,
    isOpenKind: true,
  }));
}

/** The moves as "who: from → to", for reading. */
const movesOf = (plan: ClanSeatsPlan) =>
  plan.kind === 'moves'
    ? plan.moves.map((move) => `${move.userId}: ${move.from?.label ?? '-'} → ${move.to.label}`)
    : plan.kind;

const clan = (participants: number[], everyone: boolean) => ({
  clanId: 9,
  participants,
  everyone,
});

describe('planning where a clan sits together', () => {
  it('tells a clan that sits side by side already so, also when asked to move everyone', () => {
    const seats = [...row('A', 6, 0, { 2: 1, 3: 2, 4: 3 }), ...row('B', 6, 2)];
    for (const everyone of [false, true]) {
      const plan = planClanSeats(seats, [], clan([1, 2, 3], everyone));
      expect(plan.kind).toBe('together');
      expect(plan.kind === 'together' && plan.seats.map((seat) => seat.label)).toEqual([
        'A2',
        'A3',
        'A4',
      ]);
    }
  });

  it('is not together with a gap or a stranger between them', () => {
    const gap = [...row('A', 6, 0, { 1: 1, 3: 2 })];
    expect(planClanSeats(gap, [], clan([1, 2], false)).kind).toBe('allSeated');
    const stranger = [...row('A', 6, 0, { 1: 1, 2: 50, 3: 2 })];
    expect(movesOf(planClanSeats(stranger, [], clan([1, 2], true)))).toEqual(['1: A1 → A4']);
  });

  it('moves only those it must when everyone may move: the others keep their seats', () => {
    // 1 and 2 at A4, A5; 3 far away at B6; A6 is free beside them.
    const seats = [...row('A', 6, 0, { 4: 1, 5: 2, 1: 50 }), ...row('B', 6, 2, { 6: 3 })];
    expect(movesOf(planClanSeats(seats, [], clan([1, 2, 3], true)))).toEqual(['3: B6 → A3']);
  });

  it('seats newcomers beside those seated when there is room, moving nobody seated', () => {
    const seats = [...row('A', 6, 0, { 3: 1, 4: 2 }), ...row('B', 6, 2)];
    expect(movesOf(planClanSeats(seats, [], clan([1, 2, 3, 4], false)))).toEqual([
      '3: - → A1',
      '4: - → A2',
    ]);
  });

  it('seats newcomers side by side elsewhere when there is no room beside the others', () => {
    const seats = [...row('A', 3, 0, { 1: 50, 2: 1, 3: 2 }), ...row('B', 4, 2, { 1: 51 })];
    expect(movesOf(planClanSeats(seats, [], clan([1, 2, 3, 4], false)))).toEqual([
      '3: - → B2',
      '4: - → B3',
    ]);
  });

  it('prefers a block kept for the clan, and says the largest run when there is no room', () => {
    const kept = row('K', 3, 4, {}, 7);
    const seats = [...row('A', 6, 0), ...kept];
    const blocks = [{ id: 7, name: 'Table K', clan_id: 9 }];
    const plan = planClanSeats(seats, blocks, clan([1, 2], false));
    expect(plan.kind === 'moves' && plan.where).toBe('Table K');
    expect(planClanSeats(seats, blocks, clan([1, 2, 3, 4, 5, 6, 7], false))).toEqual({
      kind: 'noRoom',
      size: 7,
      largest: { size: 6, where: 'the row at line 1' },
    });
  });

  it('leaves crew and blocked seats out, and says when nobody holds a place', () => {
    const seats = row('A', 3, 0).map((seat) =>
      seat.label === 'A2' ? { ...seat, isOpenKind: false } : seat,
    );
    expect(planClanSeats(seats, [], clan([1, 2], false)).kind).toBe('noRoom');
    expect(planClanSeats(seats, [], clan([], true))).toEqual({ kind: 'nobody' });
  });
});
