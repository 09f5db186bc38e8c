import { seatKey, seatLabels, seatLimits } from '@lanparty/contract/rules';
import {
  type DraftChange,
  type DraftSeat,
  describeCell,
  newSeatKey,
  nextBlockId,
  refuse,
  type SeatPlanDraft,
  seatAt,
  seatLabelled,
} from './seat-plan-draft.ts';

/*
 * Rows and tables made in one step (issue 34): a prefix and a count become A1–A12 on
 * their cells, as a block of their own.
 */

/** The first capital letter no seat label starts with: the prefix of the next row. */
export function nextRowPrefix(draft: SeatPlanDraft): string {
  const used = new Set(draft.seats.map((seat) => seat.label.charAt(0).toUpperCase()));
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') if (!used.has(letter)) return letter;
  return 'Z';
}

export type SeatRunRequest = {
  shape: 'row' | 'table';
  prefix: string;
  /** Seats in the row; for a table, on each of its two sides. */
  count: number;
  start: number;
  /** The first seat's cell. */
  x: number;
  y: number;
  direction: 'horizontal' | 'vertical';
  /** The block the seats make ("Row A"); empty: no block. */
  blockName: string;
};

/** The cells and labels of a row, or of a table's two facing rows side by side. */
function runSeats(request: SeatRunRequest): { label: string; x: number; y: number }[] {
  const { prefix, count, start, x, y, direction } = request;
  const sides = request.shape === 'table' ? 2 : 1;
  const labels = seatLabels(prefix, count * sides, start);
  return labels.map((label, index) => {
    const side = Math.floor(index / count);
    const along = index % count;
    return direction === 'horizontal'
      ? { label, x: x + along, y: y + side }
      : { label, x: x + side, y: y + along };
  });
}

/**
 * A row (A1–A12) or a table (two facing rows) made in one step, as a block of its own
 * when named. The grid grows to hold it, up to its limit; a cell or label taken refuses it.
 */
export function addSeatRun(draft: SeatPlanDraft, request: SeatRunRequest): DraftChange {
  const prefix = request.prefix.trim();
  const what = request.shape === 'table' ? 'table' : 'row';
  if (!/^[^\s\p{Cc}]*$/u.test(prefix)) return refuse('The prefix cannot contain spaces.');
  if (!Number.isInteger(request.count) || request.count < 1)
    return refuse(`A ${what} needs at least one seat.`);
  if (!Number.isInteger(request.start) || request.start < 0)
    return refuse('The first number must be a whole number from 0.');
  if (
    !Number.isInteger(request.x) ||
    !Number.isInteger(request.y) ||
    request.x < 0 ||
    request.y < 0
  )
    return refuse('Columns and rows are counted from 1.');
  const cells = runSeats({ ...request, prefix });
  if (draft.seats.length + cells.length > seatLimits.maxSeats)
    return refuse(`A plan has at most ${seatLimits.maxSeats} seats.`);
  const longest = cells.reduce(
    (longer, cell) => (cell.label.length > longer ? cell.label.length : longer),
    0,
  );
  if (longest > seatLimits.labelMaxLength)
    return refuse(`A seat label has at most ${seatLimits.labelMaxLength} characters.`);
  const width = Math.max(draft.plan.width, ...cells.map((cell) => cell.x + 1));
  const height = Math.max(draft.plan.height, ...cells.map((cell) => cell.y + 1));
  if (width > seatLimits.maxGrid || height > seatLimits.maxGrid)
    return refuse(
      `The ${what} does not fit: the plan is at most ${seatLimits.maxGrid} × ${seatLimits.maxGrid}.`,
    );
  const labelTaken = cells.find((cell) => seatLabelled(draft, cell.label));
  if (labelTaken) return refuse(`There is a seat ${labelTaken.label} already.`);
  const cellTaken = cells.map((cell) => seatAt(draft, cell)).find(Boolean);
  if (cellTaken)
    return refuse(`Seat ${cellTaken.label} stands in the way, at ${describeCell(cellTaken)}.`);
  const blockName = request.blockName.trim();
  if (blockName !== '' && draft.blocks.some((block) => seatKey(block.name) === seatKey(blockName)))
    return refuse(`There is a block ${blockName} already: name this one otherwise.`);
  const block = blockName === '' ? null : { id: nextBlockId(draft), name: blockName, clanId: null };
  const seats = cells.map(
    (cell): DraftSeat => ({
      key: newSeatKey(),
      ...cell,
      kind: 'standard',
      blockId: block?.id ?? null,
    }),
  );
  return {
    draft: {
      plan: { ...draft.plan, width, height },
      seats: [...draft.seats, ...seats],
      blocks: block ? [...draft.blocks, block] : draft.blocks,
    },
    problem: null,
    seatKey: seats[0]?.key,
  };
}
