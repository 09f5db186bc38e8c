/**
 * Where a clan sits together (issue 34): a run of free seats side by side in one row or
 * table. A block (a row or table the plan names) is one line of seats in reading order;
 * seats in no block form rows by their grid line, side by side when their cells touch.
 */

export type RunSeat = {
  id: number;
  label: string;
  x: number;
  y: number;
  blockId: number | null;
  /** Free for the clan: nobody else on it, and a kind anyone may sit on. */
  isFree: boolean;
};

type Block = { id: number; name: string; clan_id: number | null };

type Line = {
  where: string;
  seats: RunSeat[];
  breaksAt: (before: RunSeat, after: RunSeat) => boolean;
};

const byPlace = (a: RunSeat, b: RunSeat) => a.y - b.y || a.x - b.x;

/** The lines to look in, best first: blocks kept for the clan, other open blocks, rows. */
function linesFor(seats: readonly RunSeat[], blocks: readonly Block[], clanId: number): Line[] {
  const inBlock = (block: Block): Line => ({
    where: block.name,
    seats: seats.filter((seat) => seat.blockId === block.id).sort(byPlace),
    breaksAt: () => false,
  });
  const kept = blocks.filter((block) => block.clan_id === clanId).map(inBlock);
  const open = blocks.filter((block) => block.clan_id === null).map(inBlock);
  const rows = new Map<number, RunSeat[]>();
  for (const seat of seats.filter((each) => each.blockId === null))
    rows.set(seat.y, [...(rows.get(seat.y) ?? []), seat]);
  const loose = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([y, row]) => ({
      where: `the row at line ${y + 1}`,
      seats: row.sort(byPlace),
      breaksAt: (before: RunSeat, after: RunSeat) => after.x - before.x > 1,
    }));
  return [...kept, ...open, ...loose];
}

/** The runs of free seats side by side in a line. */
function runsOf(line: Line): RunSeat[][] {
  const runs: RunSeat[][] = [];
  let run: RunSeat[] = [];
  for (const seat of line.seats) {
    const last = run.at(-1);
    if (!seat.isFree || (last && line.breaksAt(last, seat))) {
      if (run.length > 0) runs.push(run);
      run = seat.isFree ? [seat] : [];
    } else run.push(seat);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * `size` free seats side by side for the clan — in the best line that has them, the
 * tightest run there (leaving longer runs for bigger groups) — or, when none has, the
 * largest run free and where it is.
 */
export function findFreeRun(
  seats: readonly RunSeat[],
  blocks: readonly Block[],
  clanId: number,
  size: number,
): { run: RunSeat[] | null; largest: { size: number; where: string } | null } {
  let largest: { size: number; where: string } | null = null;
  for (const line of linesFor(seats, blocks, clanId)) {
    const runs = runsOf(line);
    const fitting = runs.filter((run) => run.length >= size).sort((a, b) => a.length - b.length);
    const [tightest] = fitting;
    if (tightest) return { run: tightest.slice(0, size), largest: null };
    for (const run of runs)
      if (!largest || run.length > largest.size) largest = { size: run.length, where: line.where };
  }
  return { run: null, largest };
}
