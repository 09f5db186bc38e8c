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
