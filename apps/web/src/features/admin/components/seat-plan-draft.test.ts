import { seatingInputSchema } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { buildSeat, buildSeating } from '../testing/open-seat-editor.ts';
import {
  addSeat,
  addSeatRun,
  copyPlan,
  deleteBlock,
  emptyDraft,
  isSameDraft,
  moveSeat,
  nextFreeLabel,
  nextRowPrefix,
  type SeatRunRequest,
  toDraft,
  toSeatingBody,
  updateSeat,
} from './seat-plan-draft.ts';

const row = (overrides: Partial<SeatRunRequest> = {}): SeatRunRequest => ({
  shape: 'row',
  prefix: 'A',
  count: 12,
  start: 1,
  x: 0,
  y: 0,
  direction: 'horizontal',
  blockName: 'Row A',
  ...overrides,
});

const saved = buildSeating({
  plan: { ...buildSeating().plan, opensAt: '2099-11-20T20:00:00+01:00', published: true },
  seats: [
    buildSeat({
      id: 1,
      label: 'A1',
      blockId: 5,
      occupant: { userId: 9, nickname: 'Nick', clanId: null, clanTag: null, clanColour: null },
    }),
  ],
  blocks: [{ id: 5, name: 'Row A', clanId: 3 }],
});

describe('the seat plan draft', () => {
  it('reads a saved plan with its times on the community’s clocks, and gives it back', () => {
    const draft = toDraft(saved, 'Europe/Amsterdam');
    expect(draft.plan.opensAt).toBe('2099-11-20T20:00');
    expect(toSeatingBody(draft, 'Europe/Amsterdam')).toEqual({
      plan: {
        opensAt: '2099-11-20T20:00:00+01:00',
        locksAt: null,
        published: true,
        width: 24,
        height: 12,
      },
      seats: [{ id: 1, label: 'A1', x: 0, y: 0, kind: 'standard', blockId: 5 }],
      blocks: [{ id: 5, name: 'Row A', clanId: 3 }],
    });
    expect(isSameDraft(draft, toDraft(saved, 'Europe/Amsterdam'))).toBe(true);
  });

  it('makes a row A1–A12 as a block in one step, which the contract takes', () => {
    const change = addSeatRun(emptyDraft, row());
    expect(change.problem).toBeNull();
    const draft = change.draft ?? emptyDraft;
    expect(draft.seats.map((seat) => seat.label)).toEqual(
      Array.from({ length: 12 }, (_, index) => `A${index + 1}`),
    );
    expect(draft.blocks).toEqual([{ id: -1, name: 'Row A', clanId: null }]);
    expect(seatingInputSchema.safeParse(toSeatingBody(draft, 'UTC')).success).toBe(true);
    expect(nextRowPrefix(draft)).toBe('B');
  });

  it('grows the grid to hold a row, and refuses one beyond its limit', () => {
    const long = addSeatRun(emptyDraft, row({ count: 30 }));
    expect(long.draft?.plan.width).toBe(30);
    expect(addSeatRun(emptyDraft, row({ count: 30, x: 180 })).problem).toBe(
      'The row does not fit: the plan is at most 200 × 200.',
    );
  });

  it('refuses a row whose labels or cells are taken, or a block name twice', () => {
    const draft = addSeatRun(emptyDraft, row()).draft ?? emptyDraft;
    expect(addSeatRun(draft, row({ y: 2, blockName: 'Row A2' })).problem).toBe(
      'There is a seat A1 already.',
    );
    expect(addSeatRun(draft, row({ prefix: 'B', x: 11, blockName: 'Row B' })).problem).toBe(
      'Seat A12 stands in the way, at column 12, row 1.',
    );
    expect(addSeatRun(draft, row({ prefix: 'B', y: 2, blockName: 'row a' })).problem).toBe(
      'There is a block row a already: name this one otherwise.',
    );
  });

  it('makes a table as two facing rows, numbered on', () => {
    const draft =
      addSeatRun(emptyDraft, row({ shape: 'table', prefix: 'T', count: 2, blockName: 'Table T' }))
        .draft ?? emptyDraft;
    expect(draft.seats.map(({ label, x, y }) => [label, x, y])).toEqual([
      ['T1', 0, 0],
      ['T2', 1, 0],
      ['T3', 0, 1],
      ['T4', 1, 1],
    ]);
  });

  it('adds a seat on an empty cell only, with a label no seat has', () => {
    const draft = toDraft(saved, 'UTC');
    expect(addSeat(draft, { x: 0, y: 0 }).problem).toBe('Seat A1 stands at column 1, row 1.');
    const added = addSeat(draft, { x: 3, y: 2 });
    expect(added.draft?.seats.at(-1)).toMatchObject({ label: 'S1', x: 3, y: 2 });
    expect(nextFreeLabel(added.draft ?? draft)).toBe('S2');
  });

  it('moves a seat to a free cell inside the plan only', () => {
    const draft = addSeat(toDraft(saved, 'UTC'), { x: 1, y: 0 }).draft ?? emptyDraft;
    const key = draft.seats[0]?.key ?? '';
    expect(moveSeat(draft, key, { x: 1, y: 0 }).problem).toBe(
      'Seat S1 stands at column 2, row 1: A1 stays where it is.',
    );
    expect(moveSeat(draft, key, { x: -1, y: 0 }).problem).toBe(
      'Seat A1 is at the edge of the plan.',
    );
    expect(moveSeat(draft, key, { x: 0, y: 1 }).draft?.seats[0]).toMatchObject({ x: 0, y: 1 });
  });

  it('leaves a removed block’s seats in no block', () => {
    const draft = deleteBlock(toDraft(saved, 'UTC'), 5);
    expect(draft.blocks).toEqual([]);
    expect(draft.seats[0]?.blockId).toBeNull();
  });

  it('copies another plan as new seats and blocks, nobody seated, its times kept', () => {
    const mine = updateSeat(toDraft(saved, 'UTC'), 'seat-1', { label: 'Z9' });
    const copy = copyPlan(mine, { ...saved, plan: { ...saved.plan, width: 40 } });
    expect(copy.plan).toEqual({ ...mine.plan, width: 40 });
    expect(copy.blocks).toEqual([{ id: -1, name: 'Row A', clanId: 3 }]);
    expect(toSeatingBody(copy, 'UTC').seats).toEqual([
      { label: 'A1', x: 0, y: 0, kind: 'standard', blockId: -1 },
    ]);
  });
});
