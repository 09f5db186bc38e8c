import { describe, expect, it } from 'vitest';
import { wallClockOf, zonedInstant } from './zoned-time.ts';

const at = (iso: string) => new Date(iso);
const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe('wallClockOf', () => {
  it('reads the clocks of the zone, in winter and in summer time', () => {
    expect(wallClockOf(at('2026-01-15T17:00:00Z'), 'Europe/Amsterdam')).toEqual({
      ...wall(2026, 1, 15, 18),
      second: 0,
    });
    expect(wallClockOf(at('2026-07-15T16:00:30Z'), 'Europe/Amsterdam')).toEqual({
      ...wall(2026, 7, 15, 18),
      second: 30,
    });
  });

  it('reads midnight as hour 0, and the day before where the zone is behind UTC', () => {
    expect(wallClockOf(at('2026-03-01T23:00:00Z'), 'Europe/Amsterdam')).toMatchObject(
      wall(2026, 3, 2, 0),
    );
    expect(wallClockOf(at('2026-03-01T02:15:00Z'), 'America/New_York')).toMatchObject(
      wall(2026, 2, 28, 21, 15),
    );
  });
});

describe('zonedInstant', () => {
  it('is the instant the clocks show that time, summer time included', () => {
    expect(zonedInstant(wall(2026, 1, 15, 18), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-01-15T17:00:00.000Z',
    );
    expect(zonedInstant(wall(2026, 7, 15, 18), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-07-15T16:00:00.000Z',
    );
    expect(zonedInstant(wall(2026, 7, 15, 18, 45), 'America/New_York').toISOString()).toBe(
      '2026-07-15T22:45:00.000Z',
    );
    expect(zonedInstant(wall(2026, 7, 15, 18), 'UTC').toISOString()).toBe(
      '2026-07-15T18:00:00.000Z',
    );
  });

  it('reads a time the clocks skip with the offset before the change', () => {
    // 29 March 2026: Amsterdam's clocks go from 02:00 to 03:00; 02:30 is read as +01:00.
    expect(zonedInstant(wall(2026, 3, 29, 2, 30), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('reads a time the clocks show twice with the offset after the change', () => {
    // 25 October 2026: Amsterdam's clocks go from 03:00 back to 02:00; 02:30 is at 00:30Z
    // and again at 01:30Z.
    expect(zonedInstant(wall(2026, 10, 25, 2, 30), 'Europe/Amsterdam').toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
  });

  it('gives back the wall-clock time it was given, across a year of clock changes', () => {
    for (let day = 0; day < 365; day += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + day));
      const given = wall(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 18, 5);
      for (const timeZone of ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney']) {
        expect(wallClockOf(zonedInstant(given, timeZone), timeZone)).toEqual({
          ...given,
          second: 0,
        });
      }
    }
  });
});
