/*
 * The stats section's addresses: which month or year a route means, and the paths of the
 * site and the API for them. Apart from the other stats rules (stats-rules.ts re-exports
 * them) because the first screen's reads need them without the contract's schemas.
 */

/**
 * The month (yyyy-MM-01) of the route's :year/:month, or null when either is missing or
 * is no month the API knows (2026/13, 2026/0, a year outside 2000–2999: the contract's
 * statsMonthParamsSchema): the leaderboard shows the last month instead.
 */
export function parseMonthParams(year?: string, month?: string): string | null {
  if (!year || !month || !/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month)) return null;
  const yearNumber = Number(year);
  const monthNumber = Number(month);
  if (yearNumber < 2000 || yearNumber > 2999 || monthNumber < 1 || monthNumber > 12) return null;
  return `${year}-${String(monthNumber).padStart(2, '0')}-01`;
}

/** The year of a yyyy-MM-01 month, or a yyyy-MM-dd day. */
export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

export function monthNumberOf(month: string): number {
  return Number(month.slice(5, 7));
}

/** `{year}/{month}` of the API's and the site's month paths (month without a leading zero). */
export function monthApiPath(month: string): string {
  return `${yearOf(month)}/${monthNumberOf(month)}`;
}

export function leaderboardPath(month: string): string {
  return `/stats/leader-board/${monthApiPath(month)}`;
}

/** The year of a rewind's :year, or null when it is not a year (from 2000 on). */
export function parseRewindYear(text: string | undefined): number | null {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= 2000 ? year : null;
}

export function rewindPath(year: number): string {
  return `/stats/rewinds/${year}`;
}
