import { Page } from '../../../components/page.tsx';

/**
 * stats/leader-board and stats/leader-board/:year/:month: podium, list and top games of a
 * month (the stats issue builds it; no or an invalid year/month means the last month).
 */
export function LeaderBoardRoute() {
  return <Page title="Leaderboard" />;
}
