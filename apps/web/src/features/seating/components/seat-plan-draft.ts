import type { Seating, SeatingInput } from '@lanparty/contract';
import { type SeatKind, seatKey, seatLimits } from '@lanparty/contract/rules';
import { fromLocalInput, toLocalInput } from '../../../lib/forms/local-date-time.ts';

/*
 * The seat plan as the editor holds it between saves (issue 34): every change is a pure
 * function of the draft, and the draft becomes the body of PUT /api/lans/{id}/seating.
 */

/** A seat in the draft: `key` names it in the editor, `id` is the saved seat's (none: new). */
export type DraftSeat = {
  key: string;
  id?: number;
  label: string;
  x: number;
  y: number;
  kind: SeatKind;
  blockId: number | null;
};

/** A block: a saved one's id, or a negative number for a new one (as the PUT takes it). */
export type DraftBlock = { id: number; name: string; clanId: number | null };

export type DraftPlan = {
  /** `yyyy-MM-ddTHH:mm` on the community's clocks; empty: none. */
  opensAt: string;
  locksAt: string;
  published: boolean;
  width: number;
  height: number;
};

export type SeatPlanDraft = { plan: DraftPlan; seats: DraftSeat[]; blocks: DraftBlock[] };

export type Cell = { x: number; y: number };

/** A new plan's grid: a hall of a few rows of a dozen seats fits it. */
export const newPlanSize = { width: 24, height: 12 } as const;

export const emptyDraft: SeatPlanDraft = {
  plan: { opensAt: '', locksAt: '', published: false, ...newPlanSize },
  seats: [],
  blocks: [],
};

/** The editor's key of a saved seat; new seats get `new-…` keys. */
export const savedSeatKey = (id: number) => `seat-${id}`;

let newSeatCount = 0;
export const newSeatKey = () => {
  newSeatCount += 1;
  return `new-${newSeatCount}`;
};

/** The draft of a saved plan; its times on the clocks of `timeZone` (the community's). */
export function toDraft(seating: Seating, timeZone: string): SeatPlanDraft {
  const { plan } = seating;
  return {
    plan: {
      opensAt: plan.opensAt ? toLocalInput(plan.opensAt, timeZone) : '',
      locksAt: plan.locksAt ? toLocalInput(plan.locksAt, timeZone) : '',
      published: plan.published,
      width: plan.width,
      height: plan.height,
    },
    seats: seating.seats.map((seat) => ({
      key: savedSeatKey(seat.id),
      id: seat.id,
      label: seat.label,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      blockId: seat.blockId,
    })),
    blocks: seating.blocks.map((block) => ({ ...block })),
  };
}

/** Whether two drafts would save the same plan (the editor's keys aside). */
export function isSameDraft(one: SeatPlanDraft, other: SeatPlanDraft): boolean {
  const shape = (draft: SeatPlanDraft) =>
    JSON.stringify({
      plan: draft.plan,
      seats: draft.seats.map(({ key: _key, ...seat }) => seat),
      blocks: draft.blocks,
    });
  return shape(one) === shape(other);
}

/**
 * The body of PUT /api/lans/{id}/seating, before validation: an empty time is none
 * (null), a time that is not one stays text, so the schema says it is invalid.
 */
export function toSeatingBody(draft: SeatPlanDraft, timeZone: string): SeatingInput {
  const moment = (local: string) =>
    local.trim() === '' ? null : fromLocalInput(local, timeZone) || local;
  return {
    plan: {
      opensAt: moment(draft.plan.opensAt),
      locksAt: moment(draft.plan.locksAt),
      published: draft.plan.published,
      width: draft.plan.width,
      height: draft.plan.height,
    },
    seats: draft.seats.map(({ id, label, x, y, kind, blockId }) => ({
      ...(id === undefined ? {} : { id }),
      label,
      x,
      y,
      kind,
      blockId,
    })),
    blocks: draft.blocks,
  };
}

/**
 * Another lan's plan as this plan's seats and blocks: all new (no ids, nobody seated),
 * on its grid; this plan's times and publication stay.
 */
export function copyPlan(draft: SeatPlanDraft, source: Seating): SeatPlanDraft {
  const blockIdOf = new Map(source.blocks.map((block, index) => [block.id, -(index + 1)]));
  return {
    plan: { ...draft.plan, width: source.plan.width, height: source.plan.height },
    seats: source.seats.map((seat) => ({
      key: newSeatKey(),
      label: seat.label,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      blockId: seat.blockId === null ? null : (blockIdOf.get(seat.blockId) ?? null),
    })),
    blocks: source.blocks.map((block) => ({
      id: blockIdOf.get(block.id) as number,
      name: block.name,
      clanId: block.clanId,
    })),
  };
}

export const seatAt = (draft: SeatPlanDraft, { x, y }: Cell) =>
  draft.seats.find((seat) => seat.x === x && seat.y === y);

const isInside = (draft: SeatPlanDraft, { x, y }: Cell) =>
  x >= 0 && y >= 0 && x < draft.plan.width && y < draft.plan.height;

/** The seat already labelled `label` (compared as the server compares), other than `key`. */
export function seatLabelled(
  draft: SeatPlanDraft,
  label: string,
  exceptKey?: string,
): DraftSeat | undefined {
  const wanted = seatKey(label);
  return draft.seats.find((seat) => seat.key !== exceptKey && seatKey(seat.label) === wanted);
}

/** A label no seat has yet, for a seat placed by hand: S1, S2, … */
export function nextFreeLabel(draft: SeatPlanDraft): string {
  for (let number = 1; ; number += 1) {
    if (!seatLabelled(draft, `S${number}`)) return `S${number}`;
  }
}

/** The id the next new block gets: below every id in the draft, negative. */
export const nextBlockId = (draft: SeatPlanDraft) =>
  Math.min(0, ...draft.blocks.map((block) => block.id)) - 1;

/** A change, or why it cannot be made (for the editor to say). */
export type DraftChange =
  | { draft: SeatPlanDraft; problem: null; seatKey?: string }
  | { draft?: undefined; problem: string };

export const refuse = (problem: string): DraftChange => ({ problem });

/** "column 3, row 2": a cell as the editor names it (columns and rows counted from 1). */
export const describeCell = ({ x, y }: Cell) => `column ${x + 1}, row ${y + 1}`;

/** A seat placed by hand on an empty cell, labelled with the next free label. */
export function addSeat(draft: SeatPlanDraft, cell: Cell): DraftChange {
  if (!isInside(draft, cell))
    return refuse(`${capitalise(describeCell(cell))} is outside the plan.`);
  const there = seatAt(draft, cell);
  if (there) return refuse(`Seat ${there.label} stands at ${describeCell(cell)}.`);
  if (draft.seats.length >= seatLimits.maxSeats)
    return refuse(`A plan has at most ${seatLimits.maxSeats} seats.`);
  const seat: DraftSeat = {
    key: newSeatKey(),
    label: nextFreeLabel(draft),
    ...cell,
    kind: 'standard',
    blockId: null,
  };
  return { draft: { ...draft, seats: [...draft.seats, seat] }, problem: null, seatKey: seat.key };
}

/** A seat's label, kind or block changed; the label is checked when saved (or beside it). */
export function updateSeat(
  draft: SeatPlanDraft,
  key: string,
  changes: Partial<Pick<DraftSeat, 'label' | 'kind' | 'blockId'>>,
): SeatPlanDraft {
  return {
    ...draft,
    seats: draft.seats.map((seat) => (seat.key === key ? { ...seat, ...changes } : seat)),
  };
}

/** A seat moved to a free cell inside the plan. */
export function moveSeat(draft: SeatPlanDraft, key: string, to: Cell): DraftChange {
  const seat = draft.seats.find((each) => each.key === key);
  if (!seat) return refuse('That seat is no longer in the plan.');
  if (!isInside(draft, to)) return refuse(`Seat ${seat.label} is at the edge of the plan.`);
  const there = seatAt(draft, to);
  if (there && there.key !== key)
    return refuse(
      `Seat ${there.label} stands at ${describeCell(to)}: ${seat.label} stays where it is.`,
    );
  return { draft: updateSeatCell(draft, key, to), problem: null, seatKey: key };
}

function updateSeatCell(draft: SeatPlanDraft, key: string, { x, y }: Cell): SeatPlanDraft {
  return {
    ...draft,
    seats: draft.seats.map((seat) => (seat.key === key ? { ...seat, x, y } : seat)),
  };
}

export function deleteSeat(draft: SeatPlanDraft, key: string): SeatPlanDraft {
  return { ...draft, seats: draft.seats.filter((seat) => seat.key !== key) };
}

/** A new, empty block, named "Block 1", "Block 2", … */
export function addBlock(draft: SeatPlanDraft): SeatPlanDraft {
  let number = draft.blocks.length + 1;
  const names = new Set(draft.blocks.map((block) => seatKey(block.name)));
  while (names.has(seatKey(`Block ${number}`))) number += 1;
  return {
    ...draft,
    blocks: [...draft.blocks, { id: nextBlockId(draft), name: `Block ${number}`, clanId: null }],
  };
}

export function updateBlock(
  draft: SeatPlanDraft,
  id: number,
  changes: Partial<Pick<DraftBlock, 'name' | 'clanId'>>,
): SeatPlanDraft {
  return {
    ...draft,
    blocks: draft.blocks.map((block) => (block.id === id ? { ...block, ...changes } : block)),
  };
}

/** A block removed; its seats stay, in no block (as the server does). */
export function deleteBlock(draft: SeatPlanDraft, id: number): SeatPlanDraft {
  return {
    ...draft,
    blocks: draft.blocks.filter((block) => block.id !== id),
    seats: draft.seats.map((seat) => (seat.blockId === id ? { ...seat, blockId: null } : seat)),
  };
}

export function updatePlan(draft: SeatPlanDraft, changes: Partial<DraftPlan>): SeatPlanDraft {
  return { ...draft, plan: { ...draft.plan, ...changes } };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
