import { type Prefetch, started } from '../../../lib/page-reads.ts';
import { gameLeaderboardMonthQueryOptions } from '../api/get-game-leaderboard-month.ts';
import { playerLeaderboardMonthQueryOptions } from '../api/get-player-leaderboard-month.ts';
import { rewindSummaryQueryOptions } from '../api/get-rewind-summary.ts';
import { leaderboardMonthsQueryOptions } from '../api/list-leaderboard-months.ts';
import { rewindYearsQueryOptions } from '../api/list-rewind-years.ts';
import { parseMonthParams, parseRewindYear } from '../stats-paths.ts';

/*
 * The stats pages' first reads (app/first-screen-reads.ts), in the stats chunk: the app
 * downloads that chunk as it starts at a stats page, so they wait for nothing else. A read
 * the page makes only after another (the month's games once the month is known) follows
 * that one here too.
 */

export const leaderboardReads: Prefetch = ({ year, month }, queryClient) => {
  // A month that cannot be leads to the last month (null): that is the one to read.
  const asked = parseMonthParams(year, month);
  const players = queryClient.ensureQueryData(playerLeaderboardMonthQueryOptions(asked));
  started(
    players.then(
      (board) =>
        board && queryClient.ensureQueryData(gameLeaderboardMonthQueryOptions(board.month)),
    ),
  );
  started(queryClient.ensureQueryData(leaderboardMonthsQueryOptions()));
  started(queryClient.ensureQueryData(rewindYearsQueryOptions()));
};

/** The rewind's own reads; the page reads the year before and the lans once it shows. */
export const rewindReads: Prefetch = (params, queryClient) => {
  const year = parseRewindYear(params.year);
  if (year === null) return;
  started(queryClient.ensureQueryData(rewindSummaryQueryOptions(year)));
  started(queryClient.ensureQueryData(rewindYearsQueryOptions()));
};
