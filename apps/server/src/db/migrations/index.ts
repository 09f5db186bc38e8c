import type { Migration } from 'kysely';
import * as settings from './0001-settings.ts';
import * as identity from './0002-identity.ts';
import * as lans from './0003-lans.ts';
import * as dataVersions from './0004-data-versions.ts';
import * as playtime from './0005-playtime.ts';
import * as sharedState from './0006-shared-state.ts';
import * as organiser from './0007-organiser.ts';
import * as events from './0008-events.ts';
import * as lanLocation from './0009-lan-location.ts';
import * as moreDataVersions from './0010-more-data-versions.ts';
import * as imageWidths from './0011-image-widths.ts';
import * as playtimeDays from './0012-playtime-days.ts';
import * as lannerMonths from './0013-lanner-months.ts';
import * as triggerFunctionsKeepTheirSchema from './0014-trigger-functions-keep-their-schema.ts';
import * as eventsOfHiddenLans from './0015-events-of-hidden-lans.ts';
import * as heldWaitlist from './0016-held-waitlist.ts';
import * as paymentDetails from './0017-payment-details.ts';
import * as checkInCodes from './0018-check-in-codes.ts';
import * as playtimeDaysByDay from './0019-playtime-days-by-day.ts';
import * as playtimeOfYears from './0020-playtime-of-years.ts';
import * as clans from './0021-clans.ts';
import * as seating from './0022-seating.ts';
import * as seatChanges from './0023-seat-changes.ts';
import * as seatEventOccupant from './0024-seat-event-occupant.ts';
import * as scheduleItems from './0025-schedule-items.ts';
import * as announcements from './0026-announcements.ts';
import * as screens from './0027-screens.ts';
import * as newsVersion from './0028-news-version.ts';
import * as historyAndData from './0029-history-and-data.ts';
import * as tournaments from './0030-tournaments.ts';
import * as tournamentInvitations from './0031-tournament-invitations.ts';
import * as swapSeatsAndLanSessions from './0032-swap-seats-and-lan-sessions.ts';
import * as whomRecordsName from './0033-whom-records-name.ts';
import * as lannerEvents from './0037-lanner-events.ts';
import * as switchedOffScreens from './0038-switched-off-screens.ts';
import * as leavingALanInOneStep from './0039-leaving-a-lan-in-one-step.ts';
import * as paymentDetailsVersion from './0040-payment-details-version.ts';
import * as moreKeptReads from './0041-more-kept-reads.ts';
import * as notices from './0042-notices.ts';
import * as pushSubscriptions from './0043-push-subscriptions.ts';
import * as foodRounds from './0044-food-rounds.ts';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so the set is
 * explicit in review and works the same from source and from tests.
 */
export const migrations: Record<string, Migration> = {
  '0001-settings': settings,
  '0002-identity': identity,
  '0003-lans': lans,
  '0004-data-versions': dataVersions,
  '0005-playtime': playtime,
  '0006-shared-state': sharedState,
  '0007-organiser': organiser,
  '0008-events': events,
  '0009-lan-location': lanLocation,
  '0010-more-data-versions': moreDataVersions,
  '0011-image-widths': imageWidths,
  '0012-playtime-days': playtimeDays,
  '0013-lanner-months': lannerMonths,
  '0014-trigger-functions-keep-their-schema': triggerFunctionsKeepTheirSchema,
  '0015-events-of-hidden-lans': eventsOfHiddenLans,
  '0016-held-waitlist': heldWaitlist,
  '0017-payment-details': paymentDetails,
  '0018-check-in-codes': checkInCodes,
  '0019-playtime-days-by-day': playtimeDaysByDay,
  '0020-playtime-of-years': playtimeOfYears,
  '0021-clans': clans,
  '0022-seating': seating,
  '0023-seat-changes': seatChanges,
  '0024-seat-event-occupant': seatEventOccupant,
  '0025-schedule-items': scheduleItems,
  '0026-announcements': announcements,
  '0027-screens': screens,
  '0028-news-version': newsVersion,
  '0029-history-and-data': historyAndData,
  '0030-tournaments': tournaments,
  '0031-tournament-invitations': tournamentInvitations,
  '0032-swap-seats-and-lan-sessions': swapSeatsAndLanSessions,
  '0033-whom-records-name': whomRecordsName,
  '0037-lanner-events': lannerEvents,
  '0038-switched-off-screens': switchedOffScreens,
  '0039-leaving-a-lan-in-one-step': leavingALanInOneStep,
  '0040-payment-details-version': paymentDetailsVersion,
  '0041-more-kept-reads': moreKeptReads,
  '0042-notices': notices,
  '0043-push-subscriptions': pushSubscriptions,
  '0044-food-rounds': foodRounds,
};
