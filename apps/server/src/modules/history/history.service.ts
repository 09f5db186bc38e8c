import {
  describeBadge,
  hasAnyRole,
  requiredRoles,
  tournamentOfBadge,
} from '@lanparty/contract/rules';
import type { AppDatabase } from '../../db/executor.ts';
import {
  type AnswerDepends,
  createKeptAnswers,
  type KeptAnswers,
} from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { findStandingUserIds, findUserById } from '../accounts/accounts.repository.ts';
import type { Viewer } from '../auth/viewer.ts';
import { nextLanEnd } from '../lans/lan-read-cache.ts';
import { badgeNotice } from '../notices/notice-texts.ts';
import { insertNotices } from '../notices/notices.repository.ts';
import { playDayOf, playDayStart } from '../playtime/play-days.ts';
import { findCountedNicknames, sumPlaytimePerMonthAndUser } from '../stats/stats.repository.ts';
import { rank } from '../stats/stats.service.ts';
import { type Attendance, attendanceOf, type CountedLan } from './attendance.ts';
import {
  awardBadges,
  dayAfterMonth,
  type EarnedBadge,
  firstNewsDay,
  type Podium,
} from './badges.ts';
import {
  deleteBadge,
  findAllAttendance,
  findAttendedLanIds,
  findCountedLans,
  findCrewLans,
  findStoredBadges,
  findTournamentPlaces,
  insertBadges,
  markOldBadgesTold,
  updateBadgeDay,
} from './history.repository.ts';

export type HistoryDeps = { db: AppDatabase; communityTimeZone: string };

type Podiums = Map<number, Podium[]>;
/** Each closed month's players (of everyone who played), most playtime first. */
type MonthSums = { month: string; players: { userId: number; seconds: number }[] }[];

// Through the one seam of kept answers (http/kept-answers.ts), one pair per database.
const keptOf = new WeakMap<
  AppDatabase,
  { sums: KeptAnswers<MonthSums>; podiums: KeptAnswers<Podiums> }
>();

function keptFor(db: AppDatabase) {
  let kept = keptOf.get(db);
  if (!kept) {
    kept = {
      sums: createKeptAnswers(db, { maximum: 2 }),
      podiums: createKeptAnswers(db, { maximum: 2 }),
    };
    keptOf.set(db, kept);
  }
  return kept;
}

/**
 * Each person's podium places of the closed months (the months before the play day's),
 * as the leaderboards show them. The months' sums, the dear part of a history (40 ms at
 * ×10), are kept while playtime is unchanged; who counts and their nicknames are read
 * again when people change (a subscription too changes the `lans` group): then only the
 * top of each month is ranked again.
 */
export async function findPodiums(deps: HistoryDeps, now: Date): Promise<Podiums> {
  const currentMonth = playDayOf(now, deps.communityTimeZone).slice(0, 7);
  const kept = keptFor(deps.db);
  return kept.podiums.read(currentMonth, { groups: ['playtime', 'lans'] }, async () => {
    const [months, names] = await Promise.all([
      kept.sums.read(currentMonth, { groups: ['playtime'] }, () =>
        readMonthSums(deps.db, currentMonth),
      ),
      findCountedNicknames(deps.db),
    ]);
    return podiumsOf(months, names);
  });
}

async function readMonthSums(db: AppDatabase, currentMonth: string): Promise<MonthSums> {
  const byMonth = new Map<string, MonthSums[number]['players']>();
  for (const { month, userId, seconds } of await sumPlaytimePerMonthAndUser(db, currentMonth)) {
    const players = byMonth.get(month) ?? [];
    players.push({ userId, seconds });
    byMonth.set(month, players);
  }
  return [...byMonth].map(([month, players]) => ({
    month,
    players: players.sort((a, b) => b.seconds - a.seconds),
  }));
}

/**
 * The podiums of the months, each ranked as its leaderboard ranks it (the same `rank`:
 * total, then nickname, then id) among the users who count. Only a month's top is ranked:
 * someone with less playtime than the third who counts has three ahead of them.
 */
export function podiumsOf(months: MonthSums, names: ReadonlyMap<number, string>): Podiums {
  const podiums: Podiums = new Map();
  for (const { month, players } of months) {
    const top = new Map<number, number>();
    let third = Number.POSITIVE_INFINITY;
    for (const { userId, seconds } of players) {
      if (!names.has(userId)) continue;
      if (top.size >= 3 && seconds < third) break;
      top.set(userId, seconds);
      if (top.size === 3) third = seconds;
    }
    for (const [userId, position] of rank(top, (id) => names.get(id) ?? '')) {
      if (position > 3) continue;
      podiums.set(userId, [
        ...(podiums.get(userId) ?? []),
        { month, place: position as 1 | 2 | 3 },
      ]);
    }
  }
  return podiums;
}

export type BadgeView = { key: string; name: string; reason: string; earnedOn: string };

export type History = {
  attendedCount: number;
  attended: { lanId: number; name: string; startDate: string }[];
  firstLan: { lanId: number; name: string; startDate: string } | null;
  currentStreak: number;
  longestStreak: number;
  badges: BadgeView[];
};

/** A lan of the history, its start on the community's clocks (as every lan read writes it). */
const lanView = (lan: CountedLan, timeZone: string) => ({
  lanId: lan.id,
  name: lan.name,
  startDate: toZonedIsoTimestamp(lan.startDate, timeZone),
});

/** A badge as the profile shows it, newest first by the caller; a tournament's by its name. */
export function viewBadge(
  badge: EarnedBadge,
  tournamentNames: ReadonlyMap<number, string> = new Map(),
): BadgeView {
  const tournamentId = tournamentOfBadge(badge.key);
  const description = describeBadge(
    badge.key,
    tournamentId === undefined ? undefined : tournamentNames.get(tournamentId),
  ) ?? { name: badge.key, reason: '' };
  return { key: badge.key, ...description, earnedOn: badge.earnedOn };
}

/**
 * GET /api/users/{id}/history is for the person, administrators, and everyone while the
 * person shows their history: a 404 otherwise, as for nobody (erased accounts have none).
 */
export async function refuseHiddenHistory(
  deps: HistoryDeps,
  viewer: Viewer | null,
  userId: number,
): Promise<void> {
  // A viewer stands (an erased account's tokens are refused): their own is theirs to read.
  if (viewer?.user.id === userId) return;
  const user = await findUserById(deps.db, userId);
  const mayRead =
    (viewer !== null && hasAnyRole(viewer.roles, requiredRoles.administration)) ||
    (user !== undefined && Boolean(user.shows_history));
  if (!user || user.erased_at !== null || !mayRead)
    throw new ProblemError(404, 'There is no history to show for this user.');
}

/**
 * What a history shows: lans, presences and users (the `lans` group), the announcements and
 * messages that make crew (`news`), podiums of the months (`playtime`) and of tournaments
 * (`tournaments`); and, without a write, a lan's end (it then counts) and a month's end (its
 * podium is made).
 */
export function historyDepends(deps: HistoryDeps): AnswerDepends {
  return {
    groups: ['lans', 'news', 'playtime', 'tournaments'],
    validUntil: async (now) => {
      const month = playDayOf(now, deps.communityTimeZone).slice(0, 7);
      const monthEnds = playDayStart(dayAfterMonth(month), deps.communityTimeZone).getTime();
      return Math.min(monthEnds, await nextLanEnd(deps.db, now));
    },
  };
}

/** A person's history (who may read it is refuseHiddenHistory's). */
export async function getHistory(
  deps: HistoryDeps,
  userId: number,
  now = new Date(),
): Promise<History> {
  const [lans, attendedIds, crew, podiums, tournamentPlaces] = await Promise.all([
    findCountedLans(deps.db, now),
    findAttendedLanIds(deps.db, userId, now),
    findCrewLans(deps.db, [userId]),
    findPodiums(deps, now),
    findTournamentPlaces(deps.db, [userId]),
  ]);
  const places = tournamentPlaces.get(userId) ?? [];
  const attendance: Attendance = attendanceOf(lans, attendedIds);
  const badges = awardBadges({
    lans,
    attendedIds,
    crewLanIds: crew.get(userId) ?? new Set(),
    podiums: podiums.get(userId) ?? [],
    tournamentPlaces: places,
    timeZone: deps.communityTimeZone,
  });
  const names = new Map(places.map((place) => [place.tournamentId, place.name]));
  return {
    attendedCount: attendance.attendedCount,
    attended: attendance.attended.map((lan) => lanView(lan, deps.communityTimeZone)),
    firstLan: attendance.firstLan && lanView(attendance.firstLan, deps.communityTimeZone),
    currentStreak: attendance.currentStreak,
    longestStreak: attendance.longestStreak,
    badges: badges.map((badge) => viewBadge(badge, names)).reverse(),
  };
}

/**
 * Every person's badges as the data earns them now (awardBadges), for everyone whose
 * account stands.
 */
export async function awardEveryone(
  deps: HistoryDeps,
  now: Date,
): Promise<Map<number, EarnedBadge[]>> {
  const [lans, attendance, crew, podiums, tournamentPlaces] = await Promise.all([
    findCountedLans(deps.db, now),
    findAllAttendance(deps.db, now),
    findCrewLans(deps.db),
    findPodiums(deps, now),
    findTournamentPlaces(deps.db),
  ]);
  const people = [
    ...new Set([...attendance.keys(), ...podiums.keys(), ...tournamentPlaces.keys()]),
  ];
  const standing = await findStandingUserIds(deps.db, people);
  const awarded = new Map<number, EarnedBadge[]>();
  for (const userId of standing) {
    const badges = awardBadges({
      lans,
      attendedIds: attendance.get(userId) ?? new Set(),
      crewLanIds: crew.get(userId) ?? new Set(),
      podiums: podiums.get(userId) ?? [],
      tournamentPlaces: tournamentPlaces.get(userId) ?? [],
      timeZone: deps.communityTimeZone,
    });
    if (badges.length > 0) awarded.set(userId, badges);
  }
  return awarded;
}

/**
 * Brings the stored badges in line with what the data earns now: new ones are stored
 * unseen (the site tells the person), ones no longer earned are taken away, a moved day is
 * corrected. Each is stored with the day it was earned, however late it is found; one not
 * earned in the last 30 days is no news (badgeNewsDays): counted as told, so "New" and the
 * notice are for what was newly earned — not for years of badges found at once when the site
 * first counted them, nor for one the person left unseen for a month. Returns how many were
 * awarded and withdrawn.
 */
export async function syncBadges(
  deps: HistoryDeps,
  now = new Date(),
): Promise<{ awarded: number; withdrawn: number }> {
  const earned = await awardEveryone(deps, now);
  const stored = await findStoredBadges(deps.db);
  const storedByKey = new Map(stored.map((badge) => [`${badge.userId} ${badge.key}`, badge]));
  const toInsert: { userId: number; key: string; earnedOn: string }[] = [];
  let withdrawn = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const [userId, badges] of earned)
      for (const badge of badges) {
        const key = `${userId} ${badge.key}`;
        const have = storedByKey.get(key);
        storedByKey.delete(key);
        if (!have) toInsert.push({ userId, ...badge });
        else if (have.earnedOn !== badge.earnedOn)
          await updateBadgeDay(trx, userId, badge.key, badge.earnedOn);
      }
    for (const gone of storedByKey.values()) {
      await deleteBadge(trx, gone.userId, gone.key);
      withdrawn += 1;
    }
    await insertBadges(trx, toInsert);
    const newsSince = firstNewsDay(now, deps.communityTimeZone);
    await markOldBadgesTold(trx, newsSince, now);
    // A badge earned lately is news: a notice (issue 53); years of badges found at once are not.
    await insertNotices(
      trx,
      toInsert
        .filter((badge) => badge.earnedOn >= newsSince)
        .map((badge) => badgeNotice(badge.userId, badge.key)),
      now,
    );
  });
  return { awarded: toInsert.length, withdrawn };
}
