import { startOfDay, wallClockOf, zonedInstant } from '../../lib/zoned-time.ts';

/** Lan dates in the community's time zone. */

/**
 * A query moment in ms since the epoch: a day is its start in the community's time zone; a
 * moment as it is.
 */
export function toQueryInstant(text: string, timeZone: string): number {
  const instant = text.length === 10 ? startOfDay(text, timeZone).getTime() : Date.parse(text);
  // The query's schema lets only valid moments through; one that is not must not pick lans.
  if (Number.isNaN(instant)) throw new RangeError(`Not a moment: ${text}`);
  return instant;
}

/**
 * The dates of a new lan: the next Friday 18:00 to the following Sunday 18:00, community
 * time. On a Friday the next Friday is a week later (today's lan would already be late).
 */
export function nextWeekendOf(now: Date, timeZone: string): { startDate: string; endDate: string } {
  const today = wallClockOf(now, timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const daysToFriday = (5 - weekday + 7) % 7 || 7;
  const friday = new Date(Date.UTC(today.year, today.month - 1, today.day + daysToFriday));
  const sunday = new Date(friday.getTime() + 2 * 24 * 60 * 60 * 1000);
  const at18 = (day: Date) =>
    zonedInstant(
      {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour: 18,
        minute: 0,
      },
      timeZone,
    ).toISOString();
  return { startDate: at18(friday), endDate: at18(sunday) };
}
