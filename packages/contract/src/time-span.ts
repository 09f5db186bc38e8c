/*
 * Playtimes travel as the text of a .NET TimeSpan in its constant ("c") format,
 * `[-][d.]hh:mm:ss[.fffffff]`, and are numbers of seconds in code. This is the one place
 * that turns one into the other.
 */

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 60 * SECONDS_PER_MINUTE;
const SECONDS_PER_DAY = 24 * SECONDS_PER_HOUR;
// A .NET tick is 100 ns, so a fraction has at most seven digits.
const TICKS_PER_SECOND = 10_000_000;
const FRACTION_DIGITS = 7;

const TIME_SPAN_PATTERN = /^(-)?(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/;

/**
 * Reads time-span text such as `1.02:03:04.5000000` as a number of seconds.
 * Anything else is reported through `onError` and gives the invalid duration (`NaN`),
 * so one bad value shows as unknown instead of breaking a whole leaderboard.
 */
export function parseTimeSpan(
  text: string,
  onError: (message: string) => void = console.error,
): number {
  const seconds = readTimeSpan(text);
  if (!isValidDuration(seconds)) {
    onError(`'${text}' is not a valid time span ([-][d.]hh:mm:ss[.fffffff])`);
    return Number.NaN;
  }
  return seconds;
}

/** True for a usable number of seconds; false for the invalid duration `NaN` and infinities. */
export function isValidDuration(seconds: number): boolean {
  return Number.isFinite(seconds);
}

/**
 * Writes seconds as canonical time-span text: days only from one day up, the seven-digit
 * fraction only when it is not zero, rounded to the nearest tick (100 ns).
 * Throws a RangeError for `NaN` and infinities, which have no text.
 */
export function formatTimeSpan(seconds: number): string {
  if (!isValidDuration(seconds)) {
    throw new RangeError(`${seconds} seconds cannot be written as a time span`);
  }
  const magnitude = Math.abs(seconds);
  // Whole seconds and ticks are split first, so large values keep their whole seconds exact.
  let wholeSeconds = Math.floor(magnitude);
  let ticks = Math.round((magnitude - wholeSeconds) * TICKS_PER_SECOND);
  if (ticks === TICKS_PER_SECOND) {
    wholeSeconds += 1;
    ticks = 0;
  }
  const days = Math.floor(wholeSeconds / SECONDS_PER_DAY);
  const hours = Math.floor((wholeSeconds % SECONDS_PER_DAY) / SECONDS_PER_HOUR);
  const minutes = Math.floor((wholeSeconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const secondsOfMinute = wholeSeconds % SECONDS_PER_MINUTE;

  // No "-00:00:00": a value that rounds to zero has no sign.
  const sign = seconds < 0 && (wholeSeconds > 0 || ticks > 0) ? '-' : '';
  const dayPart = days > 0 ? `${days}.` : '';
  const clock = [hours, minutes, secondsOfMinute].map((part) => pad(part, 2)).join(':');
  const fraction = ticks > 0 ? `.${pad(ticks, FRACTION_DIGITS)}` : '';
  return `${sign}${dayPart}${clock}${fraction}`;
}

function readTimeSpan(text: string): number {
  // Text from JSON may be anything, whatever the type says.
  if (typeof text !== 'string') return Number.NaN;
  const match = TIME_SPAN_PATTERN.exec(text);
  if (!match) return Number.NaN;
  const [, minus, days = '0', hours = '', minutes = '', secondsOfMinute = '', fraction = ''] =
    match;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(secondsOfMinute) > 59) {
    return Number.NaN;
  }
  const magnitude =
    Number(days) * SECONDS_PER_DAY +
    Number(hours) * SECONDS_PER_HOUR +
    Number(minutes) * SECONDS_PER_MINUTE +
    Number(secondsOfMinute) +
    Number(fraction.padEnd(FRACTION_DIGITS, '0')) / TICKS_PER_SECOND;
  // "-00:00:00" is plain zero, not -0.
  return minus && magnitude > 0 ? -magnitude : magnitude;
}

function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}
