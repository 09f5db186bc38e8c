import { playDayStartHour } from '@lanparty/contract/rules';
import { hourOfDay, wallClockOf } from '../../lib/zoned-time.ts';

/*
 * A play day runs from 06:00 to 06:00 in the community's time zone (the changelog's
 * cutoff): a night of gaming counts for the evening it started. It is named by the date
 * of its first morning, `yyyy-MM-dd`; its month is the first seven characters.
 */

const dayMs = 24 * 60 * 60 * 1000;

// The play day last asked for, per zone, with the instants it runs between: "now" is asked
// on every stats read, and asking Intl was a tenth of one built afresh.
const lastPlayDays = new Map<string, { playDay: string; from: number; until: number }>();

/** The play day an instant belongs to. */
export function playDayOf(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  const last = lastPlayDays.get(timeZone);
  if (last && last.from <= time && time < last.until) return last.playDay;
  const wall = wallClockOf(instant, timeZone);
  const calendarDay = Date.UTC(wall.year, wall.month - 1, wall.day);
  const playDay = isoDay(wall.hour < playDayStartHour ? calendarDay - dayMs : calendarDay);
  const from = playDayStart(playDay, timeZone).getTime();
  const until = playDayStart(nextPlayDay(playDay), timeZone).getTime();
  if (from <= time && time < until) lastPlayDays.set(timeZone, { playDay, from, until });
  return playDay;
}

/** The instant a play day begins: 06:00 on its date, community time. */
export function playDayStart(playDay: string, timeZone: string): Date {
  return hourOfDay(playDay, playDayStartHour, timeZone);
}

/** The play day after this one. */
export function nextPlayDay(playDay: string): string {
  return isoDay(Date.parse(`${playDay}T00:00:00Z`) + dayMs);
}

export type PlayDayPart = { playDay: string; seconds: number };

/**
 * Whole seconds of [start, end) per play day, split at every 06:00 — also across
 * daylight-saving changes, where a play day lasts 23 or 25 hours. Instants are cut to
 * whole seconds first, so the parts add up to exactly the session's length.
 */
export function splitByPlayDay(start: Date, end: Date, timeZone: string): PlayDayPart[] {
  let cursor = Math.floor(start.getTime() / 1000) * 1000;
  const until = Math.floor(end.getTime() / 1000) * 1000;
  const parts: PlayDayPart[] = [];
  while (cursor < until) {
    const playDay = playDayOf(new Date(cursor), timeZone);
    const partEnd = Math.min(playDayStart(nextPlayDay(playDay), timeZone).getTime(), until);
    parts.push({ playDay, seconds: (partEnd - cursor) / 1000 });
    cursor = partEnd;
  }
  return parts;
}

function isoDay(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}
