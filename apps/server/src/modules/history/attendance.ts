/** A lan that counts for attendance: active, ended, and someone was marked present at it. */
export type CountedLan = { id: number; name: string; startDate: string; endDate: string };

export type Attendance = {
  attendedCount: number;
  /** Newest first. */
  attended: CountedLan[];
  firstLan: CountedLan | null;
  /** Lans attended in a row up to the latest counted lan; 0 when they missed it. */
  currentStreak: number;
  longestStreak: number;
};

/** The rule, in the words the profile shows it with. */
export const streakRule =
  'A streak counts the lans attended in a row: a lan where nobody was marked present breaks none.';

/**
 * A person's attendance among the site's counted lans (in start order: `lans` sorted by
 * start date, then id) and the ids of those they were marked present at. A lan at which
 * nobody was present is not among `lans`, so it breaks no streak.
 */
export function attendanceOf(
  lans: readonly CountedLan[],
  attendedIds: ReadonlySet<number>,
): Attendance {
  let run = 0;
  let longestStreak = 0;
  const attended: CountedLan[] = [];
  for (const lan of lans) {
    if (attendedIds.has(lan.id)) {
      attended.push(lan);
      run += 1;
      longestStreak = Math.max(longestStreak, run);
    } else run = 0;
  }
  return {
    attendedCount: attended.length,
    attended: attended.reverse(),
    firstLan: attended.at(-1) ?? null,
    currentStreak: run,
    longestStreak,
  };
}
