import type { z } from 'zod';
import { healthSchema, problemDetailsSchema, timeSpanSchema } from './common.ts';
import { gameSchema } from './games.ts';
import { lanDraftSchema, lanInputSchema, lanSchema, lanUpdateSchema } from './lans.ts';
import { notificationSchema, notificationTypeSchema, severitySchema } from './notifications.ts';
import { identitySettingsSchema, lanDefaultsInputSchema, lanDefaultsSchema } from './settings.ts';
import {
  allTimePlayerItemSchema,
  gameLeaderboardItemSchema,
  gameLeaderboardMonthSchema,
  leaderboardMonthsSchema,
  playerLeaderboardItemSchema,
  playerLeaderboardMonthSchema,
  playtimeStatusSchema,
  rewindBusiestDaySchema,
  rewindFavoriteGameSchema,
  rewindGamePlaytimeSchema,
  rewindSpikeSchema,
  rewindSummarySchema,
  rewindUserPlaytimeSchema,
} from './stats.ts';
import {
  lanSummarySchema,
  subscribeInputSchema,
  subscriberSchema,
  subscriberStatusSchema,
} from './subscribers.ts';
import {
  roleSchema,
  userProfileInputSchema,
  userProfileSchema,
  userPublicSchema,
  userStatsSchema,
  userUpdateSchema,
} from './users.ts';

/**
 * Every schema with an OpenAPI id, by that id, so the server can publish them as named
 * components. Each key is the `id` in the schema's `.meta()`.
 */
export const entitySchemas = {
  AllTimePlayerItem: allTimePlayerItemSchema,
  Game: gameSchema,
  GameLeaderboardItem: gameLeaderboardItemSchema,
  GameLeaderboardMonth: gameLeaderboardMonthSchema,
  Health: healthSchema,
  IdentitySettings: identitySettingsSchema,
  Lan: lanSchema,
  LanDefaults: lanDefaultsSchema,
  LanDefaultsChanges: lanDefaultsInputSchema,
  LanDraft: lanDraftSchema,
  NewLan: lanInputSchema,
  LanSummary: lanSummarySchema,
  LanUpdate: lanUpdateSchema,
  LeaderboardMonths: leaderboardMonthsSchema,
  Notification: notificationSchema,
  NotificationType: notificationTypeSchema,
  PlayerLeaderboardItem: playerLeaderboardItemSchema,
  PlayerLeaderboardMonth: playerLeaderboardMonthSchema,
  PlaytimeStatus: playtimeStatusSchema,
  ProblemDetails: problemDetailsSchema,
  RewindBusiestDay: rewindBusiestDaySchema,
  RewindFavoriteGame: rewindFavoriteGameSchema,
  RewindGamePlaytime: rewindGamePlaytimeSchema,
  RewindSpike: rewindSpikeSchema,
  RewindSummary: rewindSummarySchema,
  RewindUserPlaytime: rewindUserPlaytimeSchema,
  Role: roleSchema,
  Severity: severitySchema,
  SubscribeRequest: subscribeInputSchema,
  Subscriber: subscriberSchema,
  SubscriberStatus: subscriberStatusSchema,
  TimeSpan: timeSpanSchema,
  UserProfile: userProfileSchema,
  ProfileChanges: userProfileInputSchema,
  UserPublic: userPublicSchema,
  UserStats: userStatsSchema,
  UserUpdate: userUpdateSchema,
} as const satisfies Record<string, z.ZodType>;

export type EntitySchemaId = keyof typeof entitySchemas;
