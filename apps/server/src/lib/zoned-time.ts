import { zonedInstant } from '@lanparty/contract/rules';

/*
 * Calendar arithmetic in the community's time zone: the wall clock and its instants are
 * the contract's (the lan form computes them too); the server keeps the hours of days it
 * asks for again and again.
 */
export { type WallClock, wallClockOf, zonedInstant } from '@lanparty/contract/rules';

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
