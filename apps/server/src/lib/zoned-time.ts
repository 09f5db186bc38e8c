/*
 * Calendar arithmetic in the community's time zone, without a date library: Intl tells
 * the wall-clock time of an instant, and we search the instant of a wall-clock time.
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

function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockOf(new Date(instant), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the community's clocks show this wall-clock time. */
export function zonedInstant(wall: WallClock, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

// An hour of a day in a zone never changes, and finding it asks Intl four times: the
// upcoming lans are asked for from today on every request (a tenth of an unchanged read),
// and every stats answer ends at the next play day's 06:00.
const dayHours = new Map<string, number>();
const keptDayHours = 1000;

/** `hour`:00 on the community's clocks on `day` (`yyyy-MM-dd`). */
export function hourOfDay(day: string, hour: number, timeZone: string): Date {
  const key = `${timeZone} ${day} ${hour}`;
  let instant = dayHours.get(key);
  if (instant === undefined) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    instant = zonedInstant({ year, month, day: date, hour, minute: 0 }, timeZone).getTime();
    if (dayHours.size >= keptDayHours) dayHours.delete(dayHours.keys().next().value ?? '');
    dayHours.set(key, instant);
  }
  return new Date(instant);
}

/** `yyyy-MM-dd` read as the start of that day in the community's time zone. */
export function startOfDay(day: string, timeZone: string): Date {
  return hourOfDay(day, 0, timeZone);
}
