import { monthNames } from '../months.ts';

/*
 * A badge's name and one-line reason (issue 36), from its key: the server awards badges
 * (apps/server/src/modules/history/badges.ts); their words are the contract's.
 */

const monthName = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${monthNames[number - 1]} ${year}`;
};

/** The key of a place in a tournament's final standings (issue 37): `tournament-1-42`. */
export const tournamentBadgeKey = (place: 1 | 2 | 3, tournamentId: number) =>
  `tournament-${place}-${tournamentId}`;

/** The tournament a badge key names, if it is a tournament's. */
export function tournamentOfBadge(key: string): number | undefined {
  const match = /^tournament-[123]-(\d+)$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

/**
 * A badge's name and one-line reason, from its key (and, for a tournament's, the
 * tournament's name); undefined for a key no rule makes.
 */
export function describeBadge(
  key: string,
  tournamentName = 'a tournament',
): { name: string; reason: string } | undefined {
  const tournament = /^tournament-([123])-\d+$/.exec(key);
  if (tournament) {
    const place = Number(tournament[1]);
    const [name, reason] =
      place === 1
        ? ['Champion', `Won ${tournamentName}.`]
        : place === 2
          ? ['Runner-up', `Second in ${tournamentName}.`]
          : ['Third place', `Third in ${tournamentName}.`];
    return { name: `${name}, ${tournamentName}`, reason };
  }
  if (key === 'lans-1') return { name: 'First lan', reason: 'Attended a first lan.' };
  const lans = /^lans-(\d+)$/.exec(key);
  if (lans) return { name: `${lans[1]} lans`, reason: `Attended ${lans[1]} lans.` };
  const streak = /^streak-(\d+)$/.exec(key);
  if (streak)
    return { name: `${streak[1]} in a row`, reason: `Attended ${streak[1]} lans in a row.` };
  if (key === 'crew')
    return { name: 'Crew', reason: 'Helped run a lan they attended, as a lan administrator.' };
  const podium = /^podium-(gold|silver|bronze)-(\d{4}-\d{2})$/.exec(key);
  if (podium) {
    const [, medal = '', month = ''] = podium;
    const place = { gold: 'First', silver: 'Second', bronze: 'Third' }[medal];
    return {
      name: `${medal.charAt(0).toUpperCase()}${medal.slice(1)}, ${monthName(month)}`,
      reason: `${place} on the leaderboard of ${monthName(month)}.`,
    };
  }
  return undefined;
}
