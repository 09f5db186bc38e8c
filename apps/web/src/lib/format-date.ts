const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Formats a calendar date (`YYYY-MM-DD`) as the spec's display format `dd MMM yyyy`
 * (`05 Jan 2025`). The text is read as a plain date, so no time zone can shift the day.
 */
export function formatDisplayDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) {
    throw new Error(`'${isoDate}' is not a YYYY-MM-DD date`);
  }
  return `${match[3]} ${month} ${match[1]}`;
}

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
