import { describe, expect, it } from 'vitest';
import { startOfDay, wallClockOf } from './zoned-time.ts';

describe('startOfDay', () => {
  it('is midnight on the community’s clocks, in winter and in summer time', () => {
    expect(startOfDay('2026-01-15', 'Europe/Amsterdam').toISOString()).toBe(
      '2026-01-14T23:00:00.000Z',
    );
    expect(startOfDay('2026-07-15', 'Europe/Amsterdam').toISOString()).toBe(
      '2026-07-14T22:00:00.000Z',
    );
    expect(startOfDay('2026-07-15', 'America/New_York').toISOString()).toBe(
      '2026-07-15T04:00:00.000Z',
    );
  });

  it('answers the same again, also when a caller changed the date it was given', () => {
    const first = startOfDay('2026-03-29', 'Europe/Amsterdam');
    expect(first.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    first.setUTCFullYear(1999);
    expect(startOfDay('2026-03-29', 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    const wall = wallClockOf(startOfDay('2026-10-25', 'Europe/Amsterdam'), 'Europe/Amsterdam');
    expect([wall.year, wall.month, wall.day, wall.hour, wall.minute]).toEqual([2026, 10, 25, 0, 0]);
  });

  it('keeps days of different zones apart', () => {
    expect(startOfDay('2026-07-15', 'Europe/Amsterdam')).not.toEqual(
      startOfDay('2026-07-15', 'America/New_York'),
    );
  });
});
