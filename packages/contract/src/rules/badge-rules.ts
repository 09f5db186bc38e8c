import { monthNames } from '../months.ts';

/*
 * A badge's name and one-line reason (issue 36), from its key: the server awards badges
 * (apps/server/src/modules/history/badges.ts); their words are the contract's.
 */

const monthName = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${monthNames[number - 1]} ${year}`;
};

/** A badge's name and one-line reason, from its key; undefined for a key no rule makes. */
export function describeBadge(key: string): { name: string; reason: string } | undefined {
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
