import { formatDisplayDate } from './format-date.ts';

/*
 * Moments for the organiser's screens (messages, the door), apart from format-date.ts,
 * which the first screen loads.
 */

/**
 * Formats a moment (ISO-8601 with an offset) in the visitor's time zone as
 * `dd MMM yyyy, HH:mm` (`05 Jan 2025, 18:30`): the display date and the time of day.
 */
export function formatDisplayDateTime(isoDateTime: string): string {
  const moment = new Date(isoDateTime);
  if (Number.isNaN(moment.getTime())) throw new Error(`'${isoDateTime}' is not a date and time`);
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
  return `${formatDisplayDate(day)}, ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * Today's date (`YYYY-MM-DD`) on the clocks of the offset `isoDateTime` carries (`+01:00`),
 * as of `now`: whether a moment the server wrote was today where it happened.
 */
export function todayAtOffsetOf(isoDateTime: string, now: Date): string {
  return onClocksOf(isoDateTime, now).slice(0, 10);
}

/** The time of day (`HH:mm`) on the clocks of the offset `isoDateTime` carries, as of `now`. */
export function timeAtOffsetOf(isoDateTime: string, now: Date): string {
  return onClocksOf(isoDateTime, now).slice(11, 16);
}

/** `now` as those clocks read it, written as ISO text (its `Z` meaning nothing). */
function onClocksOf(isoDateTime: string, now: Date): string {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(isoDateTime);
  const minutes = offset
    ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
    : 0;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}
