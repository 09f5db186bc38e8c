import { seatingInputSchema } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { emptyDraft, toSeatingBody } from './seat-plan-draft.ts';
import { addSeatRun, nextRowPrefix, type SeatRunRequest } from './seat-runs.ts';

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

describe('rows and tables', () => {
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
});
