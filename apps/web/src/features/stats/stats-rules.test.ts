import type { RewindSummary } from '@lanparty/contract';
import { unknownGameName } from '@lanparty/contract/rules';
import { buildLan } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import { parseMonthParams } from './stats-paths.ts';
import {
  describeDailyPlaytime,
  describeRankChange,
  findLanCoveringDay,
  findNeighbourMonths,
  formatHours,
  groupMonthsByYear,
  listOurFavoriteGames,
} from './stats-rules.ts';

describe('listOurFavoriteGames', () => {
  it('names a game the summary does not describe as the server does: Game {id}', () => {
    const summary: RewindSummary = {
      year: 2025,
      games: [{ id: 570, name: 'Dota 2' }],
      users: [],
      totalPlaytime: '03:00:00',
      avgPlaytimePerDay: '03:00:00',
      avgPlaytimePerUser: '03:00:00',
      userPlaytimes: [],
      gamePlaytimes: [
        { gameId: 730, totalPlaytime: '02:00:00' },
        { gameId: 570, totalPlaytime: '01:00:00' },
      ],
      favoriteGames: [],
      busiestDays: [],
      spikes: [],
    };
    expect(listOurFavoriteGames(summary).map(({ game }) => game.name)).toEqual([
      unknownGameName(730),
      'Dota 2',
    ]);
    expect(unknownGameName(730)).toBe('Game 730');
  });
});

describe('parseMonthParams', () => {
  it('reads a year and a month, with or without a leading zero', () => {
    expect(parseMonthParams('2026', '9')).toBe('2026-09-01');
    expect(parseMonthParams('2026', '09')).toBe('2026-09-01');
    expect(parseMonthParams('2026', '12')).toBe('2026-12-01');
  });

  it('gives null (the last month) for a missing or invalid year or month', () => {
    expect(parseMonthParams(undefined, undefined)).toBeNull();
    expect(parseMonthParams('2026', '13')).toBeNull();
    expect(parseMonthParams('2026', '0')).toBeNull();
    expect(parseMonthParams('26', '10')).toBeNull();
    expect(parseMonthParams('abcd', '10')).toBeNull();
    expect(parseMonthParams('2026', '1e1')).toBeNull();
  });
});

describe('months', () => {
  const months = ['2026-10-01', '2026-07-01', '2025-12-01'];

  it('finds the months with data before and after, also for a month without data', () => {
    expect(findNeighbourMonths(months, '2026-07-01')).toEqual({
      older: '2025-12-01',
      newer: '2026-10-01',
    });
    expect(findNeighbourMonths(months, '2026-08-01')).toEqual({
      older: '2026-07-01',
      newer: '2026-10-01',
    });
    expect(findNeighbourMonths(months, '2026-10-01')).toEqual({
      older: '2026-07-01',
      newer: undefined,
    });
  });

  it('groups months by year, newest first, whatever order they come in', () => {
    expect(groupMonthsByYear(['2025-12-01', '2026-07-01', '2024-01-01', '2026-10-01'])).toEqual([
      { year: 2026, months: ['2026-10-01', '2026-07-01'] },
      { year: 2025, months: ['2025-12-01'] },
      { year: 2024, months: ['2024-01-01'] },
    ]);
  });
});

describe('playtimes', () => {
  it('shows hours with at most one decimal', () => {
    expect(formatHours(183_600)).toBe('51');
    expect(formatHours(5_400)).toBe('1.5');
    expect(formatHours(4_000_000)).toBe('1,111.1');
    expect(formatHours(Number.NaN)).toBe('unknown');
  });

  it('shows a daily average of 60 minutes or less as minutes per day', () => {
    expect(describeDailyPlaytime(3_600)).toEqual({ value: '60', unit: 'minutes per day' });
    expect(describeDailyPlaytime(2_700)).toEqual({ value: '45', unit: 'minutes per day' });
    expect(describeDailyPlaytime(3_601)).toEqual({ value: '1', unit: 'hours per day' });
    expect(describeDailyPlaytime(5_400)).toEqual({ value: '1.5', unit: 'hours per day' });
  });
});

describe('describeRankChange', () => {
  it('compares a position with the previous one', () => {
    expect(describeRankChange(2, 5)).toEqual({ kind: 'up', places: 3 });
    expect(describeRankChange(4, 3)).toEqual({ kind: 'down', places: 1 });
    expect(describeRankChange(1, 1)).toEqual({ kind: 'same' });
    expect(describeRankChange(1, null)).toEqual({ kind: 'new' });
    expect(describeRankChange(1, undefined)).toEqual({ kind: 'none' });
  });
});

describe('findLanCoveringDay', () => {
  const lan = buildLan({ startDate: '2026-12-04T17:00:00Z', endDate: '2026-12-06T15:00:00Z' });

  it('finds the lan whose start and end date hold the day', () => {
    expect(findLanCoveringDay([lan], '2026-12-04')).toBe(lan);
    expect(findLanCoveringDay([lan], '2026-12-06')).toBe(lan);
    expect(findLanCoveringDay([lan], '2026-12-03')).toBeUndefined();
    expect(findLanCoveringDay([lan], '2026-12-07')).toBeUndefined();
  });
});
