import { describe, expect, it } from 'vitest';
import { formatCommunityDateTime, formatDisplayDate, readCommunityClock } from './format-date.ts';
import { formatDisplayDateTime, todayAtOffsetOf } from './format-moment.ts';

describe('formatDisplayDate', () => {
  it('formats as dd MMM yyyy', () => {
    expect(formatDisplayDate('2025-01-05')).toBe('05 Jan 2025');
    expect(formatDisplayDate('2023-12-31')).toBe('31 Dec 2023');
  });

  it('refuses text that is not a date', () => {
    expect(() => formatDisplayDate('yesterday')).toThrow("'yesterday' is not a YYYY-MM-DD date");
    expect(() => formatDisplayDate('2025-13-01')).toThrow();
  });
});

describe('formatDisplayDateTime', () => {
  it('formats as dd MMM yyyy, HH:mm in the visitor’s time zone', () => {
    expect(formatDisplayDateTime(new Date(2025, 0, 5, 18, 30).toISOString())).toBe(
      '05 Jan 2025, 18:30',
    );
    expect(formatDisplayDateTime(new Date(2023, 11, 31, 7, 5).toISOString())).toBe(
      '31 Dec 2023, 07:05',
    );
  });

  it('refuses text that is not a moment', () => {
    expect(() => formatDisplayDateTime('later')).toThrow("'later' is not a date and time");
  });
});

describe('formatCommunityDateTime', () => {
  it('formats as dd MMM yyyy, HH:mm on the clocks of the offset the text carries', () => {
    expect(formatCommunityDateTime('2025-03-14T18:00:00.000+01:00')).toBe('14 Mar 2025, 18:00');
    expect(formatCommunityDateTime('2026-01-01T00:30:00.000+01:00')).toBe('01 Jan 2026, 00:30');
    expect(formatCommunityDateTime('2025-07-04T09:05:00-04:00')).toBe('04 Jul 2025, 09:05');
  });

  it('does not move the moment into the visitor’s zone', () => {
    // The same instant as 2025-03-14T17:00Z, shown as the community's 18:00 wherever it runs.
    const text = '2025-03-14T18:00:00.000+01:00';
    expect(formatCommunityDateTime(text)).toBe('14 Mar 2025, 18:00');
    expect(Date.parse(text)).toBe(Date.parse('2025-03-14T17:00:00.000Z'));
  });

  it('refuses text that is not a date and time', () => {
    expect(() => formatCommunityDateTime('2025-03-14')).toThrow(
      "'2025-03-14' is not a date and time",
    );
    expect(() => formatCommunityDateTime('2025-03-14T25:00:00Z')).toThrow();
    expect(() => formatCommunityDateTime('2025-13-14T18:00:00Z')).toThrow();
  });
});

describe('readCommunityClock', () => {
  it('reads the date and time of day as the text writes them, whatever the zone', () => {
    expect(readCommunityClock('2026-01-09T18:04:27.000+01:00')).toEqual({
      date: '2026-01-09',
      time: '18:04',
    });
    expect(readCommunityClock('2026-07-01T00:59:00-04:00')).toEqual({
      date: '2026-07-01',
      time: '00:59',
    });
  });

  it('refuses text that is not a date and time', () => {
    expect(() => readCommunityClock('18:04')).toThrow("'18:04' is not a date and time");
    expect(() => readCommunityClock('2026-01-09T25:00:00Z')).toThrow();
  });
});

describe('todayAtOffsetOf', () => {
  it('is the date on the clocks of the offset the text carries', () => {
    const now = new Date('2026-01-09T23:30:00Z');
    expect(todayAtOffsetOf('2026-01-09T18:00:00.000+01:00', now)).toBe('2026-01-10');
    expect(todayAtOffsetOf('2026-01-09T18:00:00.000-05:00', now)).toBe('2026-01-09');
    expect(todayAtOffsetOf('2026-01-09T18:00:00.000Z', now)).toBe('2026-01-09');
  });
});
