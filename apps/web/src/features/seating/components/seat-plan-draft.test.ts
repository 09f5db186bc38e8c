import { buildSeat } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import { buildDraftSeating } from '../testing/open-seat-editor.ts';
import {
  addSeat,
  copyPlan,
  deleteBlock,
  emptyDraft,
  isSameDraft,
  moveSeat,
  nextFreeLabel,
  toDraft,
  toSeatingBody,
  updateSeat,
} from './seat-plan-draft.ts';

const saved = buildDraftSeating({
  plan: { ...buildDraftSeating().plan, opensAt: '2099-11-20T20:00:00+01:00', published: true },
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
