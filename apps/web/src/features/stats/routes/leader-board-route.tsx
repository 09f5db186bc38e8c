import { Gamepad2, Trophy } from 'lucide-react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { Page } from '../../../components/page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { useLeaveWithNotice } from '../../../lib/notifications/leave-with-notice.ts';
import { useParams } from '../../../lib/router/index.tsx';
import { useGameLeaderboardMonth } from '../api/get-game-leaderboard-month.ts';
import { usePlayerLeaderboardMonth } from '../api/get-player-leaderboard-month.ts';
import { useLeaderboardMonths } from '../api/list-leaderboard-months.ts';
import { useRewindYears } from '../api/list-rewind-years.ts';
import { MonthNav } from '../components/month-nav.tsx';
import { PODIUM_PLACES, Podium } from '../components/podium.tsx';
import { RankingTable } from '../components/ranking-table.tsx';
import { RewindBanner } from '../components/rewind-banner.tsx';
import { parseMonthParams, yearOf } from '../stats-paths.ts';
import { formatMonth, formatPlaytimeHours, listMonthsWithData } from '../stats-rules.ts';
import styles from './stats-routes.module.css';

/**
 * stats/leader-board and stats/leader-board/:year/:month: the podium and the other
 * players, the top 10 games beside them, month navigation and the year's rewind banner.
 * Spec §2: with no or an invalid year/month the last month is used; an invalid one (2026/13,
 * 2026/0, a year that is no year) leads to stats/leader-board, the notice saying there is no
 * such month, so no month shows under another's address (issue 50 §1).
 */
export function LeaderBoardRoute() {
  const { year, month } = useParams();
  const asked = parseMonthParams(year, month);
  const isInvalid = asked === null && (year !== undefined || month !== undefined);
  useLeaveWithNotice(
    isInvalid ? { severity: 'Warning', message: `There is no month ${year}/${month}` } : null,
    '/stats/leader-board',
  );
  if (isInvalid) return null;
  return <LeaderBoard month={asked} />;
}

function LeaderBoard({ month: askedMonth }: { month: string | null }) {
  const players = usePlayerLeaderboardMonth(askedMonth);
  const games = useGameLeaderboardMonth(players.data?.month);
  const months = useLeaderboardMonths();
  const rewindYears = useRewindYears();
  // The month in the lead, the rewind banner and the month navigation above the board come
  // from reads of their own: the page shows them and the board together, in place of the
  // loader, rather than pushing the loader down as each arrives.
  const isFrameSettled = !months.isPending && !rewindYears.isPending;
  const board = isFrameSettled ? players : undefined;
  const month = board?.data?.month;
  const monthLabel = month ? formatMonth(month) : undefined;
  const hasRewind = month !== undefined && rewindYears.data?.includes(yearOf(month)) === true;

  return (
    <Page
      title={monthLabel ? `Leaderboard ${monthLabel}` : 'Leaderboard'}
      heading="Leaderboard"
      lead={monthLabel}
    >
      {hasRewind ? <RewindBanner year={yearOf(month)} /> : null}
      {month ? <MonthNav month={month} months={listMonthsWithData(months.data)} /> : null}
      {board ? (
        <QueryStatus query={board} failure="The leaderboard could not be loaded." />
      ) : (
        <PageLoader />
      )}
      {board?.data === null ? (
        <p className={styles.empty}>
          No playtime has been recorded yet. Once lanners play with their Steam account linked, the
          leaderboard fills up.
        </p>
      ) : null}
      {board?.data ? (
        <div className={styles.leaderboard}>
          <section className={section.section} aria-labelledby="top-players">
            <h2 id="top-players" className={styles.sectionTitle}>
              <Trophy size={22} aria-hidden="true" />
              Top players
            </h2>
            {board.data.items.length === 0 ? (
              <p className={styles.empty}>Nobody played in {monthLabel}. Try another month.</p>
            ) : (
              <>
                <Podium items={board.data.items} />
                {board.data.items.length > PODIUM_PLACES ? (
                  <RankingTable
                    caption={`Other players of ${monthLabel}`}
                    nameHeading="Player"
                    rows={board.data.items.slice(PODIUM_PLACES).map((item) => ({
                      key: item.user.id,
                      position: item.position,
                      previousPosition: item.previousPosition,
                      name: item.user.nickname,
                      hours: formatPlaytimeHours(item.totalPlaytime),
                    }))}
                  />
                ) : null}
              </>
            )}
          </section>
          <section className={section.section} aria-labelledby="top-games">
            <h2 id="top-games" className={styles.sectionTitle}>
              <Gamepad2 size={22} aria-hidden="true" />
              Top games
            </h2>
            {games.isPending && month ? <p className={styles.muted}>Loading games…</p> : null}
            {games.isError && !games.data ? (
              <LoadFailure
                failure="The top games could not be loaded."
                error={games.error}
                onRetry={() => void games.refetch()}
                isRetrying={games.isFetching}
              />
            ) : null}
            {games.data?.items.length === 0 ? (
              <p className={styles.empty}>No games were played in {monthLabel}.</p>
            ) : null}
            {games.data && games.data.items.length > 0 ? (
              <RankingTable
                caption={`Top games of ${monthLabel}`}
                nameHeading="Game"
                rows={games.data.items.map((item) => ({
                  key: item.game.id,
                  position: item.position,
                  previousPosition: item.previousPosition,
                  name: item.game.name,
                  hours: formatPlaytimeHours(item.totalPlaytime),
                }))}
              />
            ) : null}
          </section>
        </div>
      ) : null}
    </Page>
  );
}
