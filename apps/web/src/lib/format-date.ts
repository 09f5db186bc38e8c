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
 * Formats a moment as its text writes it, `dd MMM yyyy, HH:mm` (`14 Mar 2025, 18:00`): the
 * date and time on the clocks of the offset it carries, whatever the visitor's own zone.
 * The server writes a lan's start and end with the community time zone's offset (decision
 * 038), so a lan reads as the organiser set it, without a time-zone database in the page.
 */
export function formatCommunityDateTime(isoDateTime: string): string {
  const { date, time } = readCommunityClock(isoDateTime);
  return `${formatDisplayDate(date)}, ${time}`;
}

/**
 * The time of day of a moment as its text writes it, `HH:mm` (`18:04`), and its date
 * (`YYYY-MM-DD`) on the same clocks: as formatCommunityDateTime, for a moment the server
 * wrote with the community's offset (a check-in at the door).
 */
export function readCommunityClock(isoDateTime: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(isoDateTime);
  if (!match || Number(match[2]) > 23 || Number(match[3]) > 59)
    throw new Error(`'${isoDateTime}' is not a date and time`);
  return { date: match[1] as string, time: `${match[2]}:${match[3]}` };
}
