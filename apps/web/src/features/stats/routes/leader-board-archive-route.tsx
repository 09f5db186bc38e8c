import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { Link } from '../../../lib/router/index.tsx';
import { useLeaderboardMonths } from '../api/list-leaderboard-months.ts';
import { useRewindYears } from '../api/list-rewind-years.ts';
import { leaderboardPath, rewindPath } from '../stats-paths.ts';
import { formatMonth, groupMonthsByYear, listMonthsWithData, monthNameOf } from '../stats-rules.ts';
import styles from './stats-routes.module.css';

/** stats/leader-board/archive: months grouped by year, newest first. */
export function LeaderBoardArchiveRoute() {
  const months = useLeaderboardMonths();
  const rewindYears = useRewindYears();
  const years = groupMonthsByYear(listMonthsWithData(months.data));
  return (
    <Page title="Leaderboard archive" lead="Every month with a leaderboard, newest first.">
      <QueryStatus query={months} failure="The leaderboard months could not be loaded." />
      {months.data && years.length === 0 ? (
        <p className={styles.empty}>There are no leaderboards yet.</p>
      ) : null}
      <div className={styles.years}>
        {years.map(({ year, months: monthsOfYear }) => (
          <section key={year} className={section.section} aria-labelledby={`year-${year}`}>
            <div className={styles.yearHeading}>
              <h2 id={`year-${year}`} className={section.sectionTitle}>
                {year}
              </h2>
              {rewindYears.data?.includes(year) ? (
                <Link to={rewindPath(year)}>Rewind {year}</Link>
              ) : null}
            </div>
            <ul className={styles.months}>
              {monthsOfYear.map((month) => (
                <li key={month}>
                  <Link
                    className={styles.monthLink}
                    to={leaderboardPath(month)}
                    aria-label={formatMonth(month)}
                  >
                    {monthNameOf(month)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
}
