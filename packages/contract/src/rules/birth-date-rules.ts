/*
 * The birth date's bounds (decision 038): a module of their own, so the first screen, which
 * reads the profile rules, does not carry them; the profile form and the schemas do.
 */

/** The oldest a birth date may be, in years before today: nobody alive is older. */
export const birthDateMaximumYearsAgo = 120;

// The zones that reach a date first (UTC+14) and last (UTC-12).
const firstZoneAheadMs = 14 * 60 * 60 * 1000;
const lastZoneBehindMs = 12 * 60 * 60 * 1000;

/**
 * The birth dates a profile may hold, `yyyy-MM-dd`, both included: from 120 years before
 * today up to today, where today is any date it is somewhere on Earth now (UTC+14 and
 * UTC-12 are a day apart), so the web form and the server agree whatever zone either runs
 * in, and nobody anywhere is told their real birth date is not allowed (decision 038).
 */
export function birthDateBounds(now: Date | number = Date.now()): {
  earliest: string;
  latest: string;
} {
  const moment = new Date(now).getTime();
  const latest = new Date(moment + firstZoneAheadMs);
  const earliest = new Date(moment - lastZoneBehindMs);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - birthDateMaximumYearsAgo);
  return {
    earliest: earliest.toISOString().slice(0, 10),
    latest: latest.toISOString().slice(0, 10),
  };
}

/** What is wrong with a (valid) `yyyy-MM-dd` birth date, if anything. */
export function birthDateProblem(
  birthDate: string,
  now: Date | number = Date.now(),
): 'future' | 'tooLongAgo' | null {
  const { earliest, latest } = birthDateBounds(now);
  if (birthDate > latest) return 'future';
  if (birthDate < earliest) return 'tooLongAgo';
  return null;
}
