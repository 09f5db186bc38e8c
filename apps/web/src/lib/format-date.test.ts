import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime } from './format-date.ts';

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
