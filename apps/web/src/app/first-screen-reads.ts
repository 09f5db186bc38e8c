import type { QueryClient } from '@tanstack/react-query';
import { lannersFilter, membersFilter } from '../features/lanners/api/get-lanners.ts';
import { pastLansQueryOptions } from '../features/lans/api/list-past-lans.ts';
import { upcomingLansQueryOptions } from '../features/lans/api/list-upcoming-lans.ts';
import { gameLeaderboardMonthQueryOptions } from '../features/stats/api/get-game-leaderboard-month.ts';
import { playerLeaderboardMonthQueryOptions } from '../features/stats/api/get-player-leaderboard-month.ts';
import { rewindSummaryQueryOptions } from '../features/stats/api/get-rewind-summary.ts';
import { lansOfYearQueryOptions } from '../features/stats/api/list-lans-of-year.ts';
import { leaderboardMonthsQueryOptions } from '../features/stats/api/list-leaderboard-months.ts';
import { rewindYearsQueryOptions } from '../features/stats/api/list-rewind-years.ts';
import { parseMonthParams, parseRewindYear } from '../features/stats/stats-paths.ts';
import { lanQueryOptions } from '../lib/lans/get-lan.ts';
import type { Params } from '../lib/router/index.ts';
import { allUsersQueryOptions } from '../lib/users/list-users.ts';

/*
 * The reads each page makes first, as its routes' `prefetch`: started as the app starts at
 * that page, next to the sign-in's sync-status and users/me rather than after them. Each
 * asks exactly what the page's hooks ask (the same query options), so the page finds the
 * answers in the cache. A read the page makes only after another (the month's games once
 * the month is known) follows that one here too.
 */

type Prefetch = (params: Params, queryClient: QueryClient) => void;

/** Started, not awaited: a failure is the page's to show, when it reads again. */
const started = (reading: Promise<unknown>) => void reading.catch(() => undefined);

export const upcomingLansReads: Prefetch = (_params, queryClient) =>
  started(queryClient.ensureQueryData(upcomingLansQueryOptions()));

export const lanArchiveReads: Prefetch = (_params, queryClient) =>
  started(queryClient.ensureQueryData(pastLansQueryOptions()));

export const lanReads: Prefetch = ({ id }, queryClient) => {
  const lanId = Number(id);
  if (Number.isInteger(lanId) && lanId > 0)
    started(queryClient.ensureQueryData(lanQueryOptions(lanId)));
};

export const lannersReads: Prefetch = (_params, queryClient) => {
  started(queryClient.ensureQueryData(allUsersQueryOptions(membersFilter)));
  started(queryClient.ensureQueryData(allUsersQueryOptions(lannersFilter)));
};

export const leaderboardReads: Prefetch = ({ year, month }, queryClient) => {
  const players = queryClient.ensureQueryData(
    playerLeaderboardMonthQueryOptions(parseMonthParams(year, month)),
  );
  started(
    players.then(
      (board) =>
        board && queryClient.ensureQueryData(gameLeaderboardMonthQueryOptions(board.month)),
    ),
  );
  started(queryClient.ensureQueryData(leaderboardMonthsQueryOptions()));
  started(queryClient.ensureQueryData(rewindYearsQueryOptions()));
};

export const rewindReads: Prefetch = (params, queryClient) => {
  const year = parseRewindYear(params.year);
  if (year === null) return;
  const summary = queryClient.ensureQueryData(rewindSummaryQueryOptions(year));
  started(
    summary.then((found) => found && queryClient.ensureQueryData(lansOfYearQueryOptions(year))),
  );
  const years = queryClient.ensureQueryData(rewindYearsQueryOptions());
  started(
    years.then((known) => {
      if (known.includes(year - 1))
        started(queryClient.ensureQueryData(rewindSummaryQueryOptions(year - 1)));
    }),
  );
};
