import { describe, expect, it } from 'vitest';
import { wallClockOf } from '../../lib/zoned-time.ts';
import { playDayOf, playDayStart, splitByPlayDay } from './play-days.ts';

const amsterdam = 'Europe/Amsterdam';
const at = (iso: string) => new Date(iso);

/** The play day read straight off the wall clock, without anything kept. */
function playDayOnTheClock(instant: Date, timeZone: string): string {
  const wall = wallClockOf(instant, timeZone);
  const day = Date.UTC(wall.year, wall.month - 1, wall.day) - (wall.hour < 6 ? 86_400_000 : 0);
  return new Date(day).toISOString().slice(0, 10);
}

describe('the play day of an instant, asked again and again', () => {
  // Every 20 minutes over two days around each summer-time change, in two zones.
  const instants = ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z', '2026-03-07T00:00:00Z'].flatMap(
    (from) =>
      Array.from(
        { length: 48 * 3 },
        (_, index) => new Date(Date.parse(from) + index * 20 * 60_000),
      ),
  );

  it.each([amsterdam, 'America/New_York'])(
    'is what the clock says in %s, in order, backwards and shuffled',
    (timeZone) => {
      const shuffled = instants
        .map((instant, index) => ({ instant, key: (index * 7919) % instants.length }))
        .sort((a, b) => a.key - b.key)
        .map(({ instant }) => instant);
      for (const order of [instants, [...instants].reverse(), shuffled])
        for (const instant of order)
          expect(playDayOf(instant, timeZone), instant.toISOString()).toBe(
            playDayOnTheClock(instant, timeZone),
          );
    },
  );

  it('keeps zones apart', () => {
    const instant = at('2026-07-15T05:00:00Z');
    expect(playDayOf(instant, amsterdam)).toBe('2026-07-15');
    expect(playDayOf(instant, 'America/New_York')).toBe('2026-07-14');
    expect(playDayOf(instant, amsterdam)).toBe('2026-07-15');
  });
});

describe('play days (06:00 to 06:00, Europe/Amsterdam)', () => {
  it('counts the small hours for the evening before', () => {
    // 05:59 and 06:00 local time in winter (UTC+1).
    expect(playDayOf(at('2026-01-15T04:59:59Z'), amsterdam)).toBe('2026-01-14');
    expect(playDayOf(at('2026-01-15T05:00:00Z'), amsterdam)).toBe('2026-01-15');
    // In summer (UTC+2) 06:00 local is 04:00 UTC.
    expect(playDayOf(at('2026-07-15T03:59:59Z'), amsterdam)).toBe('2026-07-14');
    expect(playDayOf(at('2026-07-15T04:00:00Z'), amsterdam)).toBe('2026-07-15');
  });

  it('starts a play day at 06:00 local, whatever the offset', () => {
    expect(playDayStart('2026-01-15', amsterdam).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(playDayStart('2026-07-15', amsterdam).toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('keeps a session inside one play day whole', () => {
    expect(
      splitByPlayDay(at('2026-01-15T18:00:00Z'), at('2026-01-15T20:30:00Z'), amsterdam),
    ).toEqual([{ playDay: '2026-01-15', seconds: 9000 }]);
  });

  it('does not split at midnight', () => {
    // 22:00 to 03:00 local: all of it the evening's play day.
    expect(
      splitByPlayDay(at('2026-01-15T21:00:00Z'), at('2026-01-16T02:00:00Z'), amsterdam),
    ).toEqual([{ playDay: '2026-01-15', seconds: 5 * 3600 }]);
  });

  it('splits at 06:00', () => {
    // 04:00 to 08:30 local.
    expect(
      splitByPlayDay(at('2026-01-16T03:00:00Z'), at('2026-01-16T07:30:00Z'), amsterdam),
    ).toEqual([
      { playDay: '2026-01-15', seconds: 2 * 3600 },
      { playDay: '2026-01-16', seconds: 2.5 * 3600 },
    ]);
  });

  it('splits across midnight and 06:00 in one session', () => {
    // 23:00 to 07:00 local: seven hours for the first play day, one for the next.
    expect(
      splitByPlayDay(at('2026-01-15T22:00:00Z'), at('2026-01-16T06:00:00Z'), amsterdam),
    ).toEqual([
      { playDay: '2026-01-15', seconds: 7 * 3600 },
      { playDay: '2026-01-16', seconds: 3600 },
    ]);
  });

  it('has a 23-hour play day when the clocks go forward (29 March 2026)', () => {
    // From 06:00 CET on the 28th to 06:00 CEST on the 29th is 23 hours.
    const parts = splitByPlayDay(at('2026-03-28T05:00:00Z'), at('2026-03-29T06:00:00Z'), amsterdam);
    expect(parts).toEqual([
      { playDay: '2026-03-28', seconds: 23 * 3600 },
      { playDay: '2026-03-29', seconds: 2 * 3600 },
    ]);
    // A night through the change: 01:00 CET to 07:00 CEST is five hours, four before 06:00.
    expect(
      splitByPlayDay(at('2026-03-29T00:00:00Z'), at('2026-03-29T05:00:00Z'), amsterdam),
    ).toEqual([
      { playDay: '2026-03-28', seconds: 4 * 3600 },
      { playDay: '2026-03-29', seconds: 3600 },
    ]);
  });

  it('has a 25-hour play day when the clocks go back (25 October 2026)', () => {
    const parts = splitByPlayDay(at('2026-10-24T04:00:00Z'), at('2026-10-25T05:00:00Z'), amsterdam);
    expect(parts).toEqual([{ playDay: '2026-10-24', seconds: 25 * 3600 }]);
    // 02:30 CEST, then the clocks go back, to 06:30 CET: five hours, 4.5 of them before 06:00.
    expect(
      splitByPlayDay(at('2026-10-25T00:30:00Z'), at('2026-10-25T05:30:00Z'), amsterdam),
    ).toEqual([
      { playDay: '2026-10-24', seconds: 4.5 * 3600 },
      { playDay: '2026-10-25', seconds: 1800 },
    ]);
  });

  it('splits a session of more than a day into every play day it touches', () => {
    // Friday 20:00 to Sunday 21:00 local in winter.
    expect(
      splitByPlayDay(at('2026-01-16T19:00:00Z'), at('2026-01-18T20:00:00Z'), amsterdam),
    ).toEqual([
      { playDay: '2026-01-16', seconds: 10 * 3600 },
      { playDay: '2026-01-17', seconds: 24 * 3600 },
      { playDay: '2026-01-18', seconds: 15 * 3600 },
    ]);
  });

  it('adds up to the whole session, cut to whole seconds', () => {
    const parts = splitByPlayDay(
      at('2026-01-15T22:00:00.750Z'),
      at('2026-01-16T06:00:10.250Z'),
      amsterdam,
    );
    expect(parts.reduce((sum, part) => sum + part.seconds, 0)).toBe(8 * 3600 + 10);
  });

  it('gives nothing for an empty or backwards session', () => {
    expect(
      splitByPlayDay(at('2026-01-15T22:00:00Z'), at('2026-01-15T22:00:00Z'), amsterdam),
    ).toEqual([]);
    expect(
      splitByPlayDay(at('2026-01-15T22:00:00Z'), at('2026-01-15T21:00:00Z'), amsterdam),
    ).toEqual([]);
  });

  it('follows another community time zone', () => {
    // New York, winter (UTC-5): 06:00 local is 11:00 UTC.
    expect(playDayOf(at('2026-01-15T10:59:00Z'), 'America/New_York')).toBe('2026-01-14');
    expect(playDayOf(at('2026-01-15T11:00:00Z'), 'America/New_York')).toBe('2026-01-15');
  });
});
