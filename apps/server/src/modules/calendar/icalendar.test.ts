import { describe, expect, it } from 'vitest';
import { unfoldICalendar } from '../../../test/icalendar-lines.ts';
import {
  type CalendarEvent,
  escapeText,
  foldLine,
  formatCalendar,
  formatUtcDateTime,
} from './icalendar.ts';

const options = { name: 'Lanparty', productId: '-//Lanparty//Lans calendar//EN' };

function anEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: 'lan-12@lan.example',
    start: new Date('2026-12-04T17:00:00Z'),
    end: new Date('2026-12-06T15:00:00Z'),
    summary: 'Winter Lan',
    description: 'Bring your own computer.',
    location: null,
    url: 'https://lan.example/lans/12',
    lastModified: new Date('2026-11-01T10:30:00.250Z'),
    ...overrides,
  };
}

describe('formatCalendar', () => {
  it('writes a calendar with one event per lan', () => {
    expect(formatCalendar([anEvent()], options)).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Lanparty//Lans calendar//EN',
        'CALSCALE:GREGORIAN',
        'X-WR-CALNAME:Lanparty',
        'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
        'X-PUBLISHED-TTL:PT1H',
        'BEGIN:VEVENT',
        'UID:lan-12@lan.example',
        'DTSTAMP:20261101T103000Z',
        'LAST-MODIFIED:20261101T103000Z',
        'DTSTART:20261204T170000Z',
        'DTEND:20261206T150000Z',
        'SUMMARY:Winter Lan',
        'DESCRIPTION:Bring your own computer.',
        'URL:https://lan.example/lans/12',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('writes an empty calendar when there are no lans', () => {
    const lines = unfoldICalendar(formatCalendar([], options));
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).not.toContain('BEGIN:VEVENT');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('ends every line with CRLF and never a bare LF', () => {
    const text = formatCalendar(
      [anEvent({ description: 'line one\nline two\r\nline three\rfour' })],
      options,
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfoldICalendar(text)).toContain('DESCRIPTION:line one\\nline two\\nline three\\nfour');
  });

  it('keeps every line within 75 octets, multi-byte characters included', () => {
    const text = formatCalendar(
      [
        anEvent({
          summary: 'Ünïcödé lan 🎮 '.repeat(20),
          description: `${'a'.repeat(500)}, ${'€'.repeat(100)}`,
        }),
      ],
      options,
    );
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(unfoldICalendar(text)).toContain(`SUMMARY:${'Ünïcödé lan 🎮 '.repeat(20)}`);
    expect(unfoldICalendar(text)).toContain(`DESCRIPTION:${'a'.repeat(500)}\\, ${'€'.repeat(100)}`);
  });

  it('escapes text in names and descriptions', () => {
    const lines = unfoldICalendar(
      formatCalendar([anEvent({ summary: 'Lan; games, pizza', description: 'C:\\games\\lan' })], {
        ...options,
        name: 'Lans, all of them',
      }),
    );
    expect(lines).toContain('SUMMARY:Lan\\; games\\, pizza');
    expect(lines).toContain('DESCRIPTION:C:\\\\games\\\\lan');
    expect(lines).toContain('X-WR-CALNAME:Lans\\, all of them');
  });

  it('leaves out an empty description', () => {
    const lines = unfoldICalendar(formatCalendar([anEvent({ description: '  ' })], options));
    expect(lines.some((line) => line.startsWith('DESCRIPTION'))).toBe(false);
  });

  it('writes the location as escaped text after the description, and none without one', () => {
    const located = unfoldICalendar(
      formatCalendar([anEvent({ location: 'De Brug, Kerkstraat 12; side door' })], options),
    );
    expect(located).toContain('LOCATION:De Brug\\, Kerkstraat 12\\; side door');
    expect(located.indexOf('LOCATION:De Brug\\, Kerkstraat 12\\; side door')).toBe(
      located.findIndex((line) => line.startsWith('DESCRIPTION:')) + 1,
    );
    const nowhere = unfoldICalendar(formatCalendar([anEvent({ location: null })], options));
    expect(nowhere.some((line) => line.startsWith('LOCATION'))).toBe(false);
  });

  it('keeps the events in the order given', () => {
    const lines = unfoldICalendar(
      formatCalendar([anEvent({ uid: 'lan-1@x' }), anEvent({ uid: 'lan-2@x' })], options),
    );
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual(['UID:lan-1@x', 'UID:lan-2@x']);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(2);
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('escapes a backslash before the characters it then protects', () => {
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });

  it('leaves colons, quotes and tabs alone and drops other control characters', () => {
    expect(escapeText('Start: "now"\there\u0000\u0007\u007f')).toBe('Start: "now"\there');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
  });

  it('continues a longer line on lines that start with a space', () => {
    const folded = foldLine('x'.repeat(160));
    const lines = folded.split('\r\n');
    expect(lines).toEqual(['x'.repeat(75), ` ${'x'.repeat(74)}`, ` ${'x'.repeat(11)}`]);
  });

  it('never splits a multi-byte character', () => {
    const folded = foldLine(`${'x'.repeat(74)}é`);
    expect(folded.split('\r\n')).toEqual(['x'.repeat(74), ' é']);
  });
});

describe('formatUtcDateTime', () => {
  it('writes yyyymmddThhmmssZ in UTC', () => {
    expect(formatUtcDateTime(new Date('2026-12-04T18:00:00+01:00'))).toBe('20261204T170000Z');
    expect(formatUtcDateTime(new Date('2026-01-02T03:04:05.999Z'))).toBe('20260102T030405Z');
  });
});
