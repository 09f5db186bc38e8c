/**
 * Where a clan sits together (issue 34, issue 51): side by side in one row or table. A
 * block (a row or table the plan names) is one line of seats in reading order; seats in no
 * block form rows by their grid line, side by side when their cells touch.
 *
 * Pure, so what the preview shows is exactly what the seating then does: the same seats
 * and the same people give the same plan.
 */

export type RunSeat = {
  id: number;
  label: string;
  x: number;
  y: number;
  blockId: number | null;
  /** Who sits there now; null: nobody. */
  occupantId: number | null;
  /** A kind anyone may sit on (standard, accessible): not crew, not blocked. */
  isOpenKind: boolean;
};

type Block = { id: number; name: string; clan_id: number | null };

type Line = {
  where: string;
  /** Blocks kept for the clan come first: 0; every other line: 1. */
  tier: number;
  seats: RunSeat[];
  breaksAt: (before: RunSeat, after: RunSeat) => boolean;
};

/** Someone of the clan who moves: from their seat (null: they have none) to another. */
export type ClanMove = { userId: number; from: RunSeat | null; to: RunSeat };

export type ClanSeatsPlan =
  /** Nobody of the clan holds a place at the lan. */
  | { kind: 'nobody' }
  /** Everyone is seated, side by side already: nobody moves. */
  | { kind: 'together'; where: string; seats: RunSeat[] }
  /** Everyone is seated, not together, and those seated are not to move. */
  | { kind: 'allSeated' }
  | { kind: 'noRoom'; size: number; largest: { size: number; where: string } | null }
  | { kind: 'moves'; where: string; moves: ClanMove[] };

const byPlace = (a: RunSeat, b: RunSeat) => a.y - b.y || a.x - b.x;

/** The lines to look in, best first: blocks kept for the clan, other open blocks, rows. */
function linesFor(seats: readonly RunSeat[], blocks: readonly Block[], clanId: number): Line[] {
  const inBlock =
    (tier: number) =>
    (block: Block): Line => ({
      where: block.name,
      tier,
      seats: seats.filter((seat) => seat.blockId === block.id).sort(byPlace),
      breaksAt: () => false,
    });
  const kept = blocks.filter((block) => block.clan_id === clanId).map(inBlock(0));
  const open = blocks.filter((block) => block.clan_id === null).map(inBlock(1));
  const rows = new Map<number, RunSeat[]>();
  for (const seat of seats.filter((each) => each.blockId === null))
    rows.set(seat.y, [...(rows.get(seat.y) ?? []), seat]);
  const loose = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([y, row]) => ({
      where: `the row at line ${y + 1}`,
      tier: 1,
      seats: row.sort(byPlace),
      breaksAt: (before: RunSeat, after: RunSeat) => after.x - before.x > 1,
    }));
  return [...kept, ...open, ...loose];
}

/** The runs of seats side by side in a line that `isUsable` allows. */
function runsOf(line: Line, isUsable: (seat: RunSeat) => boolean): RunSeat[][] {
  const runs: RunSeat[][] = [];
  let run: RunSeat[] = [];
  for (const seat of line.seats) {
    const last = run.at(-1);
    if (!isUsable(seat) || (last && line.breaksAt(last, seat))) {
      if (run.length > 0) runs.push(run);
      run = isUsable(seat) ? [seat] : [];
    } else run.push(seat);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The line where `held` are side by side (in one run, nobody else between), if any. */
function lineHoldingTogether(lines: readonly Line[], held: readonly RunSeat[]): Line | null {
  const ids = new Set(held.map((seat) => seat.id));
  for (const line of lines) {
    const runs = runsOf(line, (seat) => ids.has(seat.id));
    if (runs.length === 1 && runs[0]?.length === ids.size) return line;
  }
  return null;
}

type Window = { line: Line; lineIndex: number; seats: RunSeat[]; runLength: number; kept: number };

/**
 * The best `size` seats side by side: in a block kept for the clan first, then keeping the
 * most people where they sit, then the earliest line, then the tightest run (leaving longer
 * runs for bigger groups), then the run's first seats. `mustHold` are seats that have to be
 * in it (of those who stay). Also the largest run there is, for a refusal.
 */
function bestWindow(
  lines: readonly Line[],
  size: number,
  isUsable: (seat: RunSeat) => boolean,
  mustHold: ReadonlySet<number>,
  isKeptInPlace: (seat: RunSeat) => boolean,
): { best: Window | null; largest: { size: number; where: string } | null } {
  let best: Window | null = null;
  let largest: { size: number; where: string } | null = null;
  const isBetter = (one: Window, other: Window) =>
    one.line.tier - other.line.tier ||
    other.kept - one.kept ||
    one.lineIndex - other.lineIndex ||
    one.runLength - other.runLength;
  for (const [lineIndex, line] of lines.entries()) {
    for (const run of runsOf(line, isUsable)) {
      if (!largest || run.length > largest.size) largest = { size: run.length, where: line.where };
      for (let start = 0; start + size <= run.length; start += 1) {
        const seats = run.slice(start, start + size);
        const held = seats.filter((seat) => mustHold.has(seat.id)).length;
        if (held < mustHold.size) continue;
        const window = {
          line,
          lineIndex,
          seats,
          runLength: run.length,
          kept: seats.filter(isKeptInPlace).length,
        };
        if (!best || isBetter(window, best) < 0) best = window;
      }
    }
  }
  return { best, largest };
}

/**
 * Who of the clan moves where to sit together. `participants` hold a place at the lan (in
 * the order they joined the clan); with `everyone`, those seated may move too, else only
 * those without a seat get one — beside the others when there is room, else side by side
 * among themselves. A clan already together is told so, and nobody moves.
 */
export function planClanSeats(
  seats: readonly RunSeat[],
  blocks: readonly Block[],
  request: { clanId: number; participants: readonly number[]; everyone: boolean },
): ClanSeatsPlan {
  const { participants, everyone } = request;
  if (participants.length === 0) return { kind: 'nobody' };
  const isParticipant = new Set(participants);
  const seatOf = new Map(
    seats.flatMap((seat) =>
      seat.occupantId !== null && isParticipant.has(seat.occupantId)
        ? [[seat.occupantId, seat] as const]
        : [],
    ),
  );
  const unseated = participants.filter((userId) => !seatOf.has(userId));
  const lines = linesFor(seats, blocks, request.clanId);
  if (unseated.length === 0) {
    const held = [...seatOf.values()];
    const line = lineHoldingTogether(lines, held);
    if (line) return { kind: 'together', where: line.where, seats: held.sort(byPlace) };
    if (!everyone) return { kind: 'allSeated' };
  }

  // Everyone of the clan side by side: free seats, and those the clan holds.
  const isClans = (seat: RunSeat) =>
    seat.isOpenKind && (seat.occupantId === null || isParticipant.has(seat.occupantId));
  const fixed = new Set(everyone ? [] : [...seatOf.values()].map((seat) => seat.id));
  const isHeldByClan = (seat: RunSeat) =>
    seat.occupantId !== null && isParticipant.has(seat.occupantId);
  const whole = bestWindow(lines, participants.length, isClans, fixed, isHeldByClan);
  if (whole.best) return movesInto(whole.best, participants, seatOf);

  // No room beside those who stay: those without a seat, side by side among themselves.
  if (!everyone && seatOf.size > 0) {
    const isFree = (seat: RunSeat) => seat.isOpenKind && seat.occupantId === null;
    const apart = bestWindow(lines, unseated.length, isFree, new Set(), () => false);
    if (apart.best) return movesInto(apart.best, unseated, seatOf);
    return { kind: 'noRoom', size: unseated.length, largest: apart.largest };
  }
  return { kind: 'noRoom', size: participants.length, largest: whole.largest };
}

/** Those already in the window stay; the others take its other seats, in order. */
function movesInto(
  window: Window,
  people: readonly number[],
  seatOf: ReadonlyMap<number, RunSeat>,
): ClanSeatsPlan {
  const inWindow = new Set(window.seats.map((seat) => seat.id));
  const staying = new Set(
    people.filter((userId) => inWindow.has(seatOf.get(userId)?.id ?? Number.NaN)),
  );
  const stayingSeats = new Set([...staying].map((userId) => seatOf.get(userId)?.id));
  const open = window.seats.filter((seat) => !stayingSeats.has(seat.id));
  const moves = people
    .filter((userId) => !staying.has(userId))
    .map((userId, index) => ({
      userId,
      from: seatOf.get(userId) ?? null,
      to: open[index] as RunSeat,
    }));
  return { kind: 'moves', where: window.line.where, moves };
}
