import { tournamentBadgeKey, wallClockOf } from '@lanparty/contract/rules';
import type { CountedLan } from './attendance.ts';

/** A badge as the server awards it: which one and the day (yyyy-MM-dd) it was earned. */
export type EarnedBadge = { key: string; earnedOn: string };

/** A place on a month's player leaderboard (1 gold, 2 silver, 3 bronze). */
export type Podium = { month: string; place: 1 | 2 | 3 };

/** A place in a finished tournament's final standings (issue 37), and when it finished. */
export type TournamentPlace = {
  tournamentId: number;
  name: string;
  place: 1 | 2 | 3;
  finishedAt: string;
};

export type BadgeFacts = {
  /** The site's counted lans, in start order (see attendanceOf). */
  lans: readonly CountedLan[];
  /** The counted lans they were marked present at. */
  attendedIds: ReadonlySet<number>;
  /**
   * Lans at which they did a lan administrator's work (checked someone in, announced, wrote
   * to the participants): crew there, if they attended it too.
   */
  crewLanIds: ReadonlySet<number>;
  /** Their podium places of closed months. */
  podiums: readonly Podium[];
  /** Their places on tournaments' podiums (a team's members each). */
  tournamentPlaces?: readonly TournamentPlace[];
  timeZone: string;
};

const lanCounts = [1, 5, 10, 25, 50] as const;
const streaks = [3, 5, 10] as const;
const medals = { 1: 'gold', 2: 'silver', 3: 'bronze' } as const;

const dayOf = (instant: string, timeZone: string) => {
  const { year, month, day } = wallClockOf(new Date(instant), timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** How many of the community's days a badge is news to its holder (issue 51). */
export const badgeNewsDays = 30;

/**
 * The earliest day (yyyy-MM-dd) a badge may have been earned and still be news on `now`:
 * 30 of the community's days back. One earned before it (found when the site first counted
 * badges, or by a correction of an old lan's presence) is history: the person is not told of
 * it as new, though it is theirs, dated the day it was earned.
 */
export function firstNewsDay(now: Date, timeZone: string): string {
  const today = dayOf(now.toISOString(), timeZone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - badgeNewsDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** The month after `yyyy-MM`, on its first day: when a month's leaderboard closes. */
export function dayAfterMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/**
 * Every badge the facts earn, each with the day it was earned: a pure function of the data,
 * so awarding again from nothing gives the same badges and days, and taking back what
 * earned one (a presence) takes the badge away. A lan's badges are earned the day it ended.
 */
export function awardBadges(facts: BadgeFacts): EarnedBadge[] {
  const badges: EarnedBadge[] = [];
  let count = 0;
  let run = 0;
  let isCrew = false;
  for (const lan of facts.lans) {
    if (!facts.attendedIds.has(lan.id)) {
      run = 0;
      continue;
    }
    count += 1;
    run += 1;
    const earnedOn = dayOf(lan.endDate, facts.timeZone);
    if ((lanCounts as readonly number[]).includes(count))
      badges.push({ key: `lans-${count}`, earnedOn });
    if (
      (streaks as readonly number[]).includes(run) &&
      !badges.some((b) => b.key === `streak-${run}`)
    )
      badges.push({ key: `streak-${run}`, earnedOn });
    if (!isCrew && facts.crewLanIds.has(lan.id)) {
      isCrew = true;
      badges.push({ key: 'crew', earnedOn });
    }
  }
  for (const podium of facts.podiums)
    badges.push({
      key: `podium-${medals[podium.place]}-${podium.month}`,
      earnedOn: dayAfterMonth(podium.month),
    });
  for (const place of facts.tournamentPlaces ?? [])
    badges.push({
      key: tournamentBadgeKey(place.place, place.tournamentId),
      earnedOn: dayOf(place.finishedAt, facts.timeZone),
    });
  return badges.sort((a, b) => a.earnedOn.localeCompare(b.earnedOn) || a.key.localeCompare(b.key));
}
