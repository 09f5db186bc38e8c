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

/**
 * The lans a list shows, in its order, and how many match in all; `key` says both in
 * text, what an answer showing them is kept by.
 */
export type LanPick = { readonly ids: readonly number[]; total: number; key: string };

/** Every lan's place in time, with the lists picked from it remembered. */
export type LanTimeline = {
  /** pickLans of the entries; the same pick for every filter matching the same lans. */
  pick(filter: LanFilter): LanPick;
};

/** Picks remembered per timeline; past this many, the remembered start over. */
const MAXIMUM_PICKS = 500;

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
  const ids = matching.slice(filter.offset, filter.offset + filter.limit).map((lan) => lan.id);
  return { ids, total: matching.length, key: `${ids.join(',')} of ${matching.length}` };
}

/**
 * A timeline whose picks are remembered: a list is asked for with a new moment on every
 * visit (the archive's "until now"), but between two lans' ends every moment picks the
 * same lans. Which lans end in [endsOnOrAfter, endsBefore) is told by where the two
 * moments fall among the ends of the lans it may pick (two binary searches), so the pick is
 * worked out once per such place, not once per request. `entries` by start date, then id.
 */
export function createLanTimeline(entries: readonly LanTimelineEntry[]): LanTimeline {
  // The ends of the lans a filter may pick, in order: every lan's, and the active ones'.
  const endsOf = (lans: readonly LanTimelineEntry[]) =>
    lans.map((lan) => lan.end).sort((a, b) => a - b);
  const everyEnd = endsOf(entries);
  const activeEnds = endsOf(entries.filter((lan) => lan.isActive));
  // How many of `ends` are before `moment`.
  const countBefore = (ends: readonly number[], moment: number) => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((ends[middle] as number) < moment) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const picks = new Map<string, LanPick>();
  return {
    pick(filter) {
      const { endsOnOrAfter: from, endsBefore: before } = filter;
      const ends = filter.isActiveOnly ? activeEnds : everyEnd;
      const key = [
        filter.isActiveOnly,
        from === undefined ? 0 : countBefore(ends, from),
        before === undefined ? ends.length : countBefore(ends, before),
        filter.sort,
        filter.offset,
        filter.limit,
      ].join(' ');
      let pick = picks.get(key);
      if (!pick) {
        if (picks.size >= MAXIMUM_PICKS) picks.clear();
        pick = Object.freeze(pickLans(entries, filter));
        picks.set(key, pick);
      }
      return pick;
    },
  };
}
