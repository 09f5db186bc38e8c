/**
 * The lines of an iCalendar text unfolded per RFC 5545 §3.1 (a line break followed by one
 * space or tab is removed), so a test's assertions read whole properties.
 */
export function unfoldICalendar(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}
