import { describe, expect, it } from 'vitest';
import { buildUserPublic, listIssues } from '../testing/index.ts';
import {
  allTimePlayerItemSchema,
  gameLeaderboardMonthSchema,
  leaderboardMonthsSchema,
  playerLeaderboardMonthSchema,
  rewindSummarySchema,
  rewindYearsSchema,
} from './stats.ts';

const counterStrike = { id: 730, name: 'Counter-Strike 2' };

describe('leaderboardMonthsSchema', () => {
  it('accepts lists of months as first days', () => {
    const months = { users: ['2025-01-01', '2025-02-01'], games: ['2025-02-01'] };
    expect(leaderboardMonthsSchema.parse(months)).toEqual(months);
  });

  it('rejects a month that is not written as its first day', () => {
    expect(listIssues(leaderboardMonthsSchema, { users: ['2025-01-15'], games: [] })).toMatchObject(
      [{ path: 'users.0' }],
    );
  });
});

describe('playerLeaderboardMonthSchema', () => {
  const buildMonth = (games: Record<string, unknown>) => ({
    month: '2025-02-01',
    items: [
      {
        user: buildUserPublic(),
        totalPlaytime: '1.02:03:04.5000000',
        position: 1,
        previousPosition: null,
        games,
      },
    ],
  });

  it('accepts players with their playtime per game id', () => {
    const month = buildMonth({ '730': '1.00:00:00', '570': '02:03:04.5000000' });
    expect(playerLeaderboardMonthSchema.parse(month)).toEqual(month);
  });

  it('rejects a playtime that is not time-span text', () => {
    expect(listIssues(playerLeaderboardMonthSchema, buildMonth({ '730': 3600 }))).toMatchObject([
      { path: 'items.0.games.730' },
    ]);
  });

  it('rejects a game key that is not an id', () => {
    expect(
      listIssues(playerLeaderboardMonthSchema, buildMonth({ cs: '01:00:00' })).length,
    ).toBeGreaterThan(0);
  });
});

describe('gameLeaderboardMonthSchema', () => {
  it('accepts games with position and previous position', () => {
    const month = {
      month: '2025-02-01',
      items: [
        { game: counterStrike, totalPlaytime: '3.04:00:00', position: 1, previousPosition: 2 },
      ],
    };
    expect(gameLeaderboardMonthSchema.parse(month)).toEqual(month);
  });

  it('rejects a position of 0, as positions start at 1', () => {
    const month = {
      month: '2025-02-01',
      items: [
        { game: counterStrike, totalPlaytime: '01:00:00', position: 0, previousPosition: null },
      ],
    };
    expect(listIssues(gameLeaderboardMonthSchema, month)).toMatchObject([
      { path: 'items.0.position' },
    ]);
  });
});

describe('allTimePlayerItemSchema', () => {
  it('accepts a player with totals and the last play day', () => {
    const item = {
      user: buildUserPublic(),
      totalNumberGames: 12,
      totalNumberDays: 30,
      totalPlaytime: '25.11:00:00',
      lastDatePlayed: '2025-02-15',
    };
    expect(allTimePlayerItemSchema.parse(item)).toEqual(item);
  });
});

describe('rewindSummarySchema', () => {
  const buildRewind = () => ({
    year: 2024,
    games: [counterStrike],
    users: [buildUserPublic()],
    totalPlaytime: '40.00:00:00',
    avgPlaytimePerDay: '05:00:00',
    avgPlaytimePerUser: '2.00:00:00',
    userPlaytimes: [
      {
        userId: 7,
        numberOfDays: 8,
        numberOfGames: 3,
        totalPlaytime: '2.00:00:00',
        avgPlaytimePerDay: '06:00:00',
      },
    ],
    gamePlaytimes: [{ gameId: 730, totalPlaytime: '20.00:00:00' }],
    favoriteGames: [{ userId: 7, gameId: 730, totalPlaytime: '1.00:00:00' }],
    busiestDays: [{ date: '2024-03-15', totalPlaytime: '3.00:00:00' }],
    spikes: [{ date: '2024-03-15', playtimeIncrease: '1.12:00:00' }],
  });

  it('accepts a full rewind of a year', () => {
    const rewind = buildRewind();
    expect(rewindSummarySchema.parse(rewind)).toEqual(rewind);
  });

  it('accepts a negative playtime increase', () => {
    const rewind = {
      ...buildRewind(),
      spikes: [{ date: '2024-03-15', playtimeIncrease: '-01:00:00' }],
    };
    expect(listIssues(rewindSummarySchema, rewind)).toEqual([]);
  });

  it('rejects a busiest day given as a moment instead of a play day', () => {
    const rewind = {
      ...buildRewind(),
      busiestDays: [{ date: '2024-03-15T06:00:00+01:00', totalPlaytime: '01:00:00' }],
    };
    expect(listIssues(rewindSummarySchema, rewind)).toMatchObject([{ path: 'busiestDays.0.date' }]);
  });
});

describe('rewindYearsSchema', () => {
  it('accepts a list of years', () => {
    expect(rewindYearsSchema.parse([2023, 2024])).toEqual([2023, 2024]);
  });
});
