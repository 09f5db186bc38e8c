import type { z } from 'zod';
import {
  clanCodeSchema,
  clanInputSchema,
  clanJoinSchema,
  clanListItemSchema,
  clanMemberSchema,
  clanMemberUpdateSchema,
  clanRoleSchema,
  clanSchema,
} from './clans.ts';
import { healthSchema, problemDetailsSchema, timeSpanSchema } from './common.ts';
import { gameSchema } from './games.ts';
import { lanDraftSchema, lanInputSchema, lanSchema, lanUpdateSchema } from './lans.ts';
import { notificationSchema, notificationTypeSchema, severitySchema } from './notifications.ts';
import {
  checkInInputSchema,
  checkInProblemSchema,
  checkInResultSchema,
  lanMessageInputSchema,
  lanMessageReceiptSchema,
  lanMessageSchema,
  participantListSchema,
  participantSchema,
  participantTotalsSchema,
  signUpSchema,
} from './organiser.ts';
import {
  lanPaymentDetailsInputSchema,
  lanPaymentDetailsSchema,
  messagingSettingsSchema,
  paymentDetailsInputSchema,
  paymentDetailsSchema,
  subscriberStatusChangeSchema,
} from './payment.ts';
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
  ownSubscriptionSchema,
  subscribeInputSchema,
  subscriberSchema,
  subscriberStatusSchema,
} from './subscribers.ts';
import {
  clanSummarySchema,
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
  CheckIn: checkInResultSchema,
  CheckInProblem: checkInProblemSchema,
  CheckInRequest: checkInInputSchema,
  Clan: clanSchema,
  ClanChanges: clanInputSchema,
  ClanCode: clanCodeSchema,
  ClanJoin: clanJoinSchema,
  ClanListItem: clanListItemSchema,
  ClanMember: clanMemberSchema,
  ClanMemberUpdate: clanMemberUpdateSchema,
  ClanRole: clanRoleSchema,
  ClanSummary: clanSummarySchema,
  Game: gameSchema,
  GameLeaderboardItem: gameLeaderboardItemSchema,
  GameLeaderboardMonth: gameLeaderboardMonthSchema,
  Health: healthSchema,
  IdentitySettings: identitySettingsSchema,
  Lan: lanSchema,
  LanDefaults: lanDefaultsSchema,
  LanDefaultsChanges: lanDefaultsInputSchema,
  LanDraft: lanDraftSchema,
  LanMessage: lanMessageSchema,
  LanPaymentDetails: lanPaymentDetailsSchema,
  LanPaymentDetailsChanges: lanPaymentDetailsInputSchema,
  LanMessageReceipt: lanMessageReceiptSchema,
  LanMessageRequest: lanMessageInputSchema,
  NewLan: lanInputSchema,
  LanSummary: lanSummarySchema,
  LanUpdate: lanUpdateSchema,
  LeaderboardMonths: leaderboardMonthsSchema,
  MessagingSettings: messagingSettingsSchema,
  Notification: notificationSchema,
  NotificationType: notificationTypeSchema,
  OwnSubscription: ownSubscriptionSchema,
  Participant: participantSchema,
  ParticipantList: participantListSchema,
  ParticipantTotals: participantTotalsSchema,
  PaymentDetails: paymentDetailsSchema,
  PaymentDetailsChanges: paymentDetailsInputSchema,
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
  SignUp: signUpSchema,
  SubscribeRequest: subscribeInputSchema,
  Subscriber: subscriberSchema,
  SubscriberStatus: subscriberStatusSchema,
  SubscriberStatusChange: subscriberStatusChangeSchema,
  TimeSpan: timeSpanSchema,
  UserProfile: userProfileSchema,
  ProfileChanges: userProfileInputSchema,
  UserPublic: userPublicSchema,
  UserStats: userStatsSchema,
  UserUpdate: userUpdateSchema,
} as const satisfies Record<string, z.ZodType>;

export type EntitySchemaId = keyof typeof entitySchemas;
