import { describe, expect, it } from 'vitest';
import { toZonedIsoTimestamp } from './zoned-timestamp.ts';

describe('toZonedIsoTimestamp', () => {
  it('writes the community’s wall clock with its offset, in winter and in summer time', () => {
    expect(toZonedIsoTimestamp('2025-03-14T17:00:00.000Z', 'Europe/Amsterdam')).toBe(
      '2025-03-14T18:00:00.000+01:00',
    );
    expect(toZonedIsoTimestamp(new Date('2025-07-04T16:00:00.000Z'), 'Europe/Amsterdam')).toBe(
      '2025-07-04T18:00:00.000+02:00',
    );
  });

  it('writes the day the community is on, not the day in UTC', () => {
    expect(toZonedIsoTimestamp('2025-12-31T23:30:00.000Z', 'Europe/Amsterdam')).toBe(
      '2026-01-01T00:30:00.000+01:00',
    );
  });

  it('writes zones behind UTC and zones off the whole hour', () => {
    expect(toZonedIsoTimestamp('2025-01-15T03:05:09.250Z', 'America/New_York')).toBe(
      '2025-01-14T22:05:09.250-05:00',
    );
    expect(toZonedIsoTimestamp('2025-01-15T00:00:00.000Z', 'Asia/Kolkata')).toBe(
      '2025-01-15T05:30:00.000+05:30',
    );
    expect(toZonedIsoTimestamp('2025-01-15T00:00:00.000Z', 'UTC')).toBe(
      '2025-01-15T00:00:00.000+00:00',
    );
  });

  it('is the same instant it was given', () => {
    for (const moment of [
      '2025-03-30T00:59:59.999Z',
      '2025-03-30T01:00:00.000Z',
      '2025-10-26T00:30:00.000Z',
      '2025-10-26T01:30:00.000Z',
    ]) {
      expect(Date.parse(toZonedIsoTimestamp(moment, 'Europe/Amsterdam'))).toBe(Date.parse(moment));
    }
  });

  it('refuses text that is no moment', () => {
    expect(() => toZonedIsoTimestamp('soon', 'Europe/Amsterdam')).toThrow("'soon' is not a moment");
  });
});
