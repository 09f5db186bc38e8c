import { hasLanStarted, isLanOpen } from '@lanparty/contract/rules';
import { readCommunityClock } from '../../../lib/format-date.ts';

/**
 * Where a lan stands for its page: `running` from its start to its end, `dayBefore` from
 * midnight of the day before it starts (on the community's clocks) until it starts, `over`
 * once it has ended, `later` before all that. While it runs, and the day before, its page
 * leads with what matters now.
 */
export type LanPhase = 'later' | 'dayBefore' | 'running' | 'over';

type Moments = { startDate: string; endDate: string };

/**
 * Midnight of the day before `startDate`, on the clocks of the offset its text carries (the
 * server writes a lan's moments with the community's offset, decision 038). A change of
 * summer time that night moves it by an hour, no more.
 */
export function dayBeforeStartOf(startDate: string): number {
  const { date } = readCommunityClock(startDate);
  const offset = /(Z|[+-]\d{2}:\d{2})$/.exec(startDate)?.[1] ?? 'Z';
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return Date.parse(`${day.toISOString().slice(0, 10)}T00:00:00${offset}`);
}

export function lanPhaseAt(lan: Moments, now: Date): LanPhase {
  if (!isLanOpen(lan, now)) return 'over';
  if (hasLanStarted(lan, now)) return 'running';
  return now.getTime() >= dayBeforeStartOf(lan.startDate) ? 'dayBefore' : 'later';
}
