/**
 * Every lan's place in time: what a lan list is chosen from. A community holds a few dozen
 * lans a year, so all of them fit in memory with room to spare; kept per `lans` data
 * version (lan-read-cache.ts), a list for any dates, order and page is worked out here
 * without asking the database which lans it holds — and the answer for those lans, kept by
 * what it holds rather than by its URL, serves every URL that asks for the same lans.
 */
export type LanTimelineEntry = {
  id: number;
  /** Start and end in ms since the epoch. */
  start: number;
  end: number;
  isActive: boolean;
};

export type LanFilter = {
  /** Lans ending on or after this moment (ms since the epoch). */
  endsOnOrAfter?: number;
  /** Lans ending before this moment (ms since the epoch). */
  endsBefore?: number;
  isActiveOnly: boolean;
  sort: 'start-date' | '-start-date';
  offset: number;
  limit: number;
};

/** The lans a list shows, in its order, and how many match in all. */
export type LanPick = { ids: number[]; total: number };

/** Orders lans by start, then id: the order of a list sorted by start date. */
export function byStart(a: LanTimelineEntry, b: LanTimelineEntry): number {
  return a.start - b.start || a.id - b.id;
}

/**
 * The lans of a list: those matching the filter, by start date (then id) in the order
 * asked, the page `offset`/`limit` of them. `timeline` is ordered by `byStart`.
 */
export function pickLans(timeline: readonly LanTimelineEntry[], filter: LanFilter): LanPick {
  const { endsOnOrAfter: from, endsBefore: before } = filter;
  const matching = timeline.filter(
    (lan) =>
      (!filter.isActiveOnly || lan.isActive) &&
      (from === undefined || lan.end >= from) &&
      (before === undefined || lan.end < before),
  );
  if (filter.sort === '-start-date') matching.reverse();
  return {
    ids: matching.slice(filter.offset, filter.offset + filter.limit).map((lan) => lan.id),
    total: matching.length,
  };
}
