import { wallClockOf, zonedInstant } from '@lanparty/contract/rules';

/*
 * A moment as a datetime-local input holds it (`yyyy-MM-ddTHH:mm`), on the community's
 * clocks (TZ_COMMUNITY) rather than the browser's: the lan form's start and end, the seat
 * plan's opening and locking times.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A wall-clock moment (ms, read as UTC) as `yyyy-MM-ddTHH:mm`. */
function asInput(wallClock: number): string {
  const date = new Date(wallClock);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}`;
}

/**
 * An ISO moment as a datetime-local value on the clocks of `timeZone` (the community's),
 * whatever zone the browser is in.
 */
export function toLocalInput(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const wall = wallClockOf(new Date(time), timeZone);
  return asInput(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

/**
 * A datetime-local value, read on the clocks of `timeZone` (the community's), as ISO-8601
 * with that zone's offset at that moment, `2025-03-14T18:00:00+01:00` (summer time
 * included); empty text stays empty, so it reads "is required". A time the clocks skip
 * (the hour summer time starts) is read with the offset before the change.
 */
export function fromLocalInput(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return '';
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wallClock) || asInput(wallClock) !== local.slice(0, 16)) return '';
  const instant = zonedInstant({ year, month, day, hour, minute }, timeZone).getTime();
  const offsetMinutes = Math.round((wallClock - instant) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(
    Math.abs(offsetMinutes) % 60,
  )}`;
  return `${local.slice(0, 16)}:00${offset}`;
}
