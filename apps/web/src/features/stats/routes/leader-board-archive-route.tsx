import { Page } from '../../../components/page.tsx';

/** stats/leader-board/archive: months grouped by year, newest first. */
export function LeaderBoardArchiveRoute() {
  return <Page title="Leaderboard archive" />;
}
