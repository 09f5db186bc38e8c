import { z } from 'zod';
import {
  dateSchema,
  dateTimeSchema,
  idSchema,
  monthDateSchema,
  timeSpanSchema,
  wholeNumberParam,
} from './common.ts';
import { gameSchema } from './games.ts';
import { userHeadlineSchema, userPublicSchema } from './users.ts';

const positionSchema = z.number().int().min(1);

export const leaderboardMonthsSchema = z
  .object({
    users: z.array(monthDateSchema),
    games: z.array(monthDateSchema),
  })
  .meta({
    id: 'LeaderboardMonths',
    description: 'The months that have a player leaderboard and a game leaderboard.',
  });

export type LeaderboardMonths = z.infer<typeof leaderboardMonthsSchema>;

export const playerLeaderboardItemSchema = z
  .object({
    user: userPublicSchema,
    totalPlaytime: timeSpanSchema,
    position: positionSchema,
    previousPosition: positionSchema.nullable(),
    games: z.record(z.string().regex(/^[1-9]\d*$/), timeSpanSchema),
  })
  .meta({
    id: 'PlayerLeaderboardItem',
    description:
      'A player in a monthly leaderboard. position is 1-based by total playtime (ties by ' +
      'nickname); previousPosition is the position the month before, or null. games maps ' +
      'each game id to the playtime in it.',
  });

export type PlayerLeaderboardItem = z.infer<typeof playerLeaderboardItemSchema>;

export const playerLeaderboardMonthSchema = z
  .object({
    month: monthDateSchema,
    items: z.array(playerLeaderboardItemSchema),
  })
  .meta({ id: 'PlayerLeaderboardMonth', description: 'The top players of a month, best first.' });

export type PlayerLeaderboardMonth = z.infer<typeof playerLeaderboardMonthSchema>;

/** How much of a month's players to answer: `full` (default) or `ranking`. */
export const playerLeaderboardQuerySchema = z.object({
  view: z
    .enum(['full', 'ranking'])
    .default('full')
    .meta({
      description:
        'full (default): each player whole, with the playtime per game; ranking: each ' +
        'player’s id, nickname and avatar version, playtime and positions (PlayerRanking), ' +
        'what the leaderboard page shows.',
    }),
});

export const playerRankingItemSchema = playerLeaderboardItemSchema
  .omit({ games: true })
  .extend({ user: userHeadlineSchema })
  .meta({
    id: 'PlayerRankingItem',
    description: 'A player in a monthly leaderboard as the page shows them (view=ranking).',
  });

export type PlayerRankingItem = z.infer<typeof playerRankingItemSchema>;

export const playerRankingMonthSchema = z
  .object({ month: monthDateSchema, items: z.array(playerRankingItemSchema) })
  .meta({
    id: 'PlayerRankingMonth',
    description: 'The players of a month, best first, as the leaderboard shows them.',
  });

export type PlayerRankingMonth = z.infer<typeof playerRankingMonthSchema>;

export const gameLeaderboardItemSchema = z
  .object({
    game: gameSchema,
    totalPlaytime: timeSpanSchema,
    position: positionSchema,
    previousPosition: positionSchema.nullable(),
  })
  .meta({
    id: 'GameLeaderboardItem',
    description:
      'A game in a monthly leaderboard, by total playtime; previousPosition is the position ' +
      'the month before, or null.',
  });

export type GameLeaderboardItem = z.infer<typeof gameLeaderboardItemSchema>;

export const gameLeaderboardMonthSchema = z
  .object({
    month: monthDateSchema,
    items: z.array(gameLeaderboardItemSchema),
  })
  .meta({
    id: 'GameLeaderboardMonth',
    description: 'The most played games of a month, most first.',
  });

export type GameLeaderboardMonth = z.infer<typeof gameLeaderboardMonthSchema>;

export const allTimePlayerItemSchema = z
  .object({
    user: userPublicSchema,
    totalNumberGames: z.number().int().min(0),
    totalNumberDays: z.number().int().min(0),
    totalPlaytime: timeSpanSchema,
    lastDatePlayed: dateSchema,
  })
  .meta({
    id: 'AllTimePlayerItem',
    description:
      'A player over all time: the number of games and play days, the playtime, and the last ' +
      'play day (a play day runs from 06:00 to 06:00).',
  });

export type AllTimePlayerItem = z.infer<typeof allTimePlayerItemSchema>;

export const rewindUserPlaytimeSchema = z
  .object({
    userId: idSchema,
    numberOfDays: z.number().int().min(0),
    numberOfGames: z.number().int().min(0),
    totalPlaytime: timeSpanSchema,
    avgPlaytimePerDay: timeSpanSchema,
  })
  .meta({ id: 'RewindUserPlaytime', description: 'What one player played in the year.' });

export const rewindGamePlaytimeSchema = z
  .object({ gameId: idSchema, totalPlaytime: timeSpanSchema })
  .meta({ id: 'RewindGamePlaytime', description: 'How long a game was played in the year.' });

export const rewindFavoriteGameSchema = z
  .object({ userId: idSchema, gameId: idSchema, totalPlaytime: timeSpanSchema })
  .meta({ id: 'RewindFavoriteGame', description: 'A favourite game of a player in the year.' });

export const rewindBusiestDaySchema = z
  .object({ date: dateSchema, totalPlaytime: timeSpanSchema })
  .meta({ id: 'RewindBusiestDay', description: 'A play day with much playtime.' });

export const rewindSpikeSchema = z
  .object({ date: dateSchema, playtimeIncrease: timeSpanSchema })
  .meta({
    id: 'RewindSpike',
    description: 'A play day whose playtime rose sharply over the day before.',
  });

export const rewindSummarySchema = z
  .object({
    year: z.number().int().min(2000).max(2999),
    games: z.array(gameSchema),
    users: z.array(userPublicSchema),
    totalPlaytime: timeSpanSchema,
    avgPlaytimePerDay: timeSpanSchema,
    avgPlaytimePerUser: timeSpanSchema,
    userPlaytimes: z.array(rewindUserPlaytimeSchema),
    gamePlaytimes: z.array(rewindGamePlaytimeSchema),
    favoriteGames: z.array(rewindFavoriteGameSchema),
    busiestDays: z.array(rewindBusiestDaySchema),
    spikes: z.array(rewindSpikeSchema),
  })
  .meta({
    id: 'RewindSummary',
    description:
      'The rewind of a year. games and users hold every game and player the other lists ' +
      'refer to by id. Dates are play days (06:00 to 06:00).',
  });

export type RewindSummary = z.infer<typeof rewindSummarySchema>;

/** How much of a rewind to answer: `full` (default) or `viewer`. */
export const rewindQuerySchema = z.object({
  view: z
    .enum(['full', 'viewer'])
    .default('full')
    .meta({
      description:
        'full (default): the whole rewind, the favourite games of every player; viewer: what ' +
        'the rewind page shows its viewer (RewindView): users as headlines, and favoriteGames ' +
        'only the signed-in viewer’s own.',
    }),
});

export const rewindViewSchema = rewindSummarySchema
  .extend({ users: z.array(userHeadlineSchema) })
  .meta({
    id: 'RewindView',
    description:
      'A rewind as its page shows it to the viewer (view=viewer): the fields of RewindSummary, ' +
      'users as headlines (id, nickname, avatar version), favoriteGames the viewer’s only.',
  });

export type RewindView = z.infer<typeof rewindViewSchema>;
export type RewindUserPlaytime = z.infer<typeof rewindUserPlaytimeSchema>;
export type RewindGamePlaytime = z.infer<typeof rewindGamePlaytimeSchema>;
export type RewindFavoriteGame = z.infer<typeof rewindFavoriteGameSchema>;
export type RewindBusiestDay = z.infer<typeof rewindBusiestDaySchema>;
export type RewindSpike = z.infer<typeof rewindSpikeSchema>;

/** The answer of GET /api/stats/summaries: the years that have a rewind. */
export const rewindYearsSchema = z.array(z.number().int().min(2000).max(2999));

export const playtimeStatusSchema = z
  .object({
    isCollecting: z.boolean(),
    hasSteamId: z.boolean(),
    isGameDetailsPrivate: z.boolean(),
    gamesCheckedAt: dateTimeSchema.nullable(),
    showsOnScreens: z.boolean().meta({
      description: 'Whether lan screens and now playing show what the user plays.',
    }),
  })
  .meta({
    id: 'PlaytimeStatus',
    description:
      "Whether the signed-in user's playtime is recorded: isCollecting is false when the site " +
      'has no Steam Web API key or the user has no Steam id; isGameDetailsPrivate when Steam ' +
      'hides their games (their game details are not public); gamesCheckedAt is when their ' +
      'games were last read.',
  });

export type PlaytimeStatus = z.infer<typeof playtimeStatusSchema>;

/** A year in a stats path (`/summaries/:year`, leaderboard months). */
export const statsYearParamSchema = wholeNumberParam(2000, 2999);

/** A month in a stats path, with or without its leading zero (`3` or `03`). */
export const statsMonthParamSchema = z
  .string()
  .regex(/^(0?[1-9]|1[0-2])$/, 'Must be a month number from 1 to 12')
  .transform(Number);

/** The path parameters of a leaderboard month. */
export const statsMonthParamsSchema = z.object({
  year: statsYearParamSchema,
  month: statsMonthParamSchema,
});

/** How many games a game leaderboard lists: 10 unless asked. */
export const gameLimitQuerySchema = z.object({ limit: wholeNumberParam(1, 100).default(10) });
