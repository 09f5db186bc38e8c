import { LoadFailure } from '../../../components/load-failure.tsx';
import { Page } from '../../../components/page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { usePainted } from '../../../lib/use-painted.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { useRewindSummary } from '../api/get-rewind-summary.ts';
import { useLansOfYear } from '../api/list-lans-of-year.ts';
import { useRewindYears } from '../api/list-rewind-years.ts';
import {
  BusiestDaysSection,
  CollectiveSection,
  OurGamesSection,
  PlayerLeaderboardSection,
  SpikesSection,
  YouPlayedSection,
  YourGamesSection,
} from '../components/rewind-sections.tsx';
import { parseRewindYear, rewindPath } from '../stats-paths.ts';
import {
  listFavoriteGamesOf,
  listOurFavoriteGames,
  mapRewindPositions,
  rankRewindPlayers,
} from '../stats-rules.ts';
import styles from './stats-routes.module.css';

/** stats/rewinds/:year: the yearly rewind, a story told top to bottom (spec §2). */
export function RewindRoute() {
  const { year: yearParam } = useParams();
  const year = parseRewindYear(yearParam);
  const viewer = useViewer();
  const summary = useRewindSummary(year ?? 0, { enabled: year !== null });
  const rewindYears = useRewindYears();
  // The rank changes and the lans of the busiest days, far down the page, are read once
  // the page has shown: the page waits for neither.
  const isPainted = usePainted(Boolean(summary.data));
  // The previous position of a player is the rank in the previous year's rewind, if any.
  const hasPreviousYear = year !== null && rewindYears.data?.includes(year - 1) === true;
  const previous = useRewindSummary((year ?? 0) - 1, { enabled: hasPreviousYear && isPainted });
  const lans = useLansOfYear(year ?? 0, { enabled: isPainted });

  const title = `Rewind ${year ?? yearParam ?? ''}`.trim();
  if (year === null || summary.data === null) {
    return (
      <Page title={title}>
        <div className={styles.empty}>
          <p>There is no rewind for {yearParam}.</p>
          <p>
            <Link to="/stats/leader-board">Go to the leaderboard</Link>
            {rewindYears.data && rewindYears.data.length > 0 ? (
              <>
                {' '}
                or see the rewind of{' '}
                {rewindYears.data.map((other, index) => (
                  <span key={other}>
                    {index > 0 ? ', ' : null}
                    <Link to={rewindPath(other)}>{other}</Link>
                  </span>
                ))}
              </>
            ) : null}
            .
          </p>
        </div>
      </Page>
    );
  }
  // The rank changes fill their kept places when the year before arrives.
  if (summary.isPending) {
    return (
      <Page title={title}>
        <PageLoader />
      </Page>
    );
  }
  // A rewind once shown stays when a later read fails (the layout says it is offline).
  const rewind = summary.data;
  if (rewind === undefined) {
    return (
      <Page title={title}>
        <LoadFailure
          failure={`The rewind of ${year} could not be loaded.`}
          error={summary.error}
          onRetry={() => void summary.refetch()}
          isRetrying={summary.isFetching}
        />
      </Page>
    );
  }
  const viewerId = viewer.user?.id;
  const viewerPlaytime = rewind.userPlaytimes.find((entry) => entry.userId === viewerId);
  const previousPositions =
    hasPreviousYear && previous.data ? mapRewindPositions(previous.data) : undefined;
  return (
    <Page title={title} lead={`Our ${year} in games, told from the biggest numbers down.`}>
      <CollectiveSection summary={rewind} />
      <OurGamesSection year={year} games={listOurFavoriteGames(rewind)} />
      <YourGamesSection
        year={year}
        games={viewerId === undefined ? [] : listFavoriteGamesOf(rewind, viewerId)}
      />
      {viewerPlaytime ? <YouPlayedSection playtime={viewerPlaytime} /> : null}
      <PlayerLeaderboardSection
        players={rankRewindPlayers(rewind)}
        previousPositions={previousPositions}
      />
      <BusiestDaysSection summary={rewind} lans={lans.data ?? []} />
      <SpikesSection summary={rewind} />
    </Page>
  );
}
