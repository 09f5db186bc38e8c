/*
 * Wall-clock time in a time zone (the community's, TZ_COMMUNITY), without a date library,
 * for both sides: the server's lan dates, play days and mails, the web's lan form. Intl
 * tells the wall-clock time of an instant; the instant of a wall-clock time is searched for.
 */

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** Building a DateTimeFormat is far dearer than using one, so one is kept per zone. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** What the clocks of `timeZone` read at `instant`. */
export function wallClockOf(instant: Date, timeZone: string): WallClock & { second: number } {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the clocks of `timeZone` are ahead of UTC at `instant` (ms; summer time included). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockOf(new Date(instant), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the clocks of `timeZone` show this wall-clock time. A time the
 * clocks skip (the hour summer time starts) is read with the offset before the change; a
 * time they show twice (the hour it ends), with the offset after it.
 */
export function zonedInstant(wall: WallClock, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset a moment near it has, then the offset at the moment that gives.
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}
