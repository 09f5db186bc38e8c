import { wallClockOf } from './zoned-time.ts';

/*
 * A lan's start and end as the community reads them: ISO-8601 with the community's UTC
 * offset at that moment (`2025-03-14T18:00:00.000+01:00`), so any client shows the date
 * and time the organiser set by reading the text, in whatever zone the visitor is in,
 * without a time-zone database of its own (decision 038).
 */

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

// A list carries each lan's dates once per subscriber too, so the same few moments are
// written over and over; asking Intl is what costs.
const written = new Map<string, string>();
const keptWritten = 5000;

/** The moment as ISO-8601 with the zone's offset then; the same instant as `toISOString`. */
export function toZonedIsoTimestamp(value: Date | string, timeZone: string): string {
  const instant = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(instant)) throw new RangeError(`'${String(value)}' is not a moment`);
  const key = `${timeZone} ${instant}`;
  let text = written.get(key);
  if (text === undefined) {
    text = writeZoned(instant, timeZone);
    if (written.size >= keptWritten) written.delete(written.keys().next().value ?? '');
    written.set(key, text);
  }
  return text;
}

function writeZoned(instant: number, timeZone: string): string {
  const wall = wallClockOf(new Date(instant), timeZone);
  const milliseconds = ((instant % 1000) + 1000) % 1000;
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
    milliseconds,
  );
  const offsetMinutes = Math.round((wallAsUtc - instant) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:` +
    `${pad(wall.minute)}:${pad(wall.second)}.${pad(milliseconds, 3)}${offset}`
  );
}

/**
 * A moment as a person reads it in a message, on the community's clocks: `4 Dec 2099, 18:00`
 * (when seat picking opens, the times a schedule item must fall within).
 */
export function formatZonedMoment(value: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
}
