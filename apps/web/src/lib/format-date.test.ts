import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './format-date.ts';

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
