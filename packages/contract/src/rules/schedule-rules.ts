/**
 * A lan's schedule (issue 35): what is on when, kept by lan administrators and shown as
 * "Now" and "Next" on the lan page while the lan runs.
 */
export const scheduleKinds = ['game', 'tournament', 'food', 'other'] as const;

export type ScheduleKind = (typeof scheduleKinds)[number];

export const scheduleKindLabels: Record<ScheduleKind, string> = {
  game: 'Game',
  tournament: 'Tournament',
  food: 'Food',
  other: 'Other',
};

export const scheduleLimits = {
  titleMaxLength: 100,
  placeMaxLength: 80,
  /** Items a lan may hold: a weekend's timetable, several times over. */
  itemsPerLan: 200,
} as const;

type Timed = { startDate: string; endDate: string | null };

/**
 * What is on at `now` (begun and not ended; an item without an end is on until the next
 * item begins) and what comes next (the items that begin soonest after `now`, all of
 * them when several begin at once). Items in any order; answers them by start.
 */
export function nowAndNext<Item extends Timed>(
  items: readonly Item[],
  now: Date,
): { now: Item[]; next: Item[] } {
  const at = now.getTime();
  const byStart = items.toSorted((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  const starts = byStart.map((item) => Date.parse(item.startDate));
  const nextStartAfter = (start: number) => starts.find((each) => each > start);
  const current = byStart.filter((item, index) => {
    const start = starts[index] as number;
    if (start > at) return false;
    const end = item.endDate === null ? nextStartAfter(start) : Date.parse(item.endDate);
    return end === undefined ? true : end > at;
  });
  const upcoming = starts.find((start) => start > at);
  const next =
    upcoming === undefined ? [] : byStart.filter((_, index) => starts[index] === upcoming);
  return { now: current, next };
}
