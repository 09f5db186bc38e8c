/**
 * A minimal iCalendar (RFC 5545) writer for the lans feed: exactly what calendar apps
 * need to subscribe to a list of events, nothing more.
 */

export type CalendarEvent = {
  /** Globally unique and stable across fetches, so apps update an event instead of adding it twice. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Where it is held, as one line of text; null leaves LOCATION out. */
  location: string | null;
  url: string;
  /** When the event last changed; becomes DTSTAMP and LAST-MODIFIED. */
  lastModified: Date;
};

export type CalendarOptions = {
  /** The calendar's name in the subscriber's app (X-WR-CALNAME). */
  name: string;
  /** Identifies the program that wrote the feed (PRODID). */
  productId: string;
  /** How often apps should fetch the feed again. Default one hour. */
  refreshInterval?: string;
};

const lineBreak = '\r\n';
const maximumLineOctets = 75;

/** `yyyymmddThhmmssZ`: a date-time in UTC, the form every calendar app reads. */
export function formatUtcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11).
 * Other control characters are not allowed in TEXT and are dropped.
 */
export function escapeText(text: string): string {
  return withoutControlCharacters(
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  );
}

/** Keeps tabs; drops the other control characters TEXT may not hold. */
function withoutControlCharacters(text: string): string {
  return Array.from(text)
    .filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code === 0x09 || (code >= 0x20 && code !== 0x7f);
    })
    .join('');
}

/**
 * Folds a content line so no line is longer than 75 octets of UTF-8 (RFC 5545 §3.1);
 * a continuation line starts with a space. Never splits a character's bytes.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const character of line) {
    const octets = Buffer.byteLength(character, 'utf8');
    if (currentOctets + octets > maximumLineOctets) {
      lines.push(current);
      current = ' ';
      currentOctets = 1;
    }
    current += character;
    currentOctets += octets;
  }
  lines.push(current);
  return lines.join(lineBreak);
}

function eventLines(event: CalendarEvent): string[] {
  const stamp = formatUtcDateTime(event.lastModified);
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `DTSTART:${formatUtcDateTime(event.start)}`,
    `DTEND:${formatUtcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description.trim() === '' ? [] : [`DESCRIPTION:${escapeText(event.description)}`]),
    ...(event.location === null ? [] : [`LOCATION:${escapeText(event.location)}`]),
    // A URI value, not TEXT: no escaping.
    `URL:${event.url}`,
    'END:VEVENT',
  ];
}

/** Writes a whole calendar: CRLF line endings, folded lines, ending with a line break. */
export function formatCalendar(events: CalendarEvent[], options: CalendarOptions): string {
  const refresh = options.refreshInterval ?? 'PT1H';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId}`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(lineBreak) + lineBreak;
}
