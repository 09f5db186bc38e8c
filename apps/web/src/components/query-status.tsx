import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure.tsx';
import { PageLoader } from './page-loader.tsx';

type QueryStatusProps<Data> = {
  query: UseQueryResult<Data>;
  /**
   * What failed, as a sentence naming it: "The lans could not be loaded." Every screen that
   * shows the failure names it; the default is for one that leaves instead (a lan's page).
   */
  failure?: string;
  /** What to show once the data is there; without it, nothing is shown then. */
  children?: (data: Data) => ReactNode;
};

/**
 * The one pending and error scaffold of the routes: a loader while the query is pending,
 * what failed and "Try again" when it failed, then the data (if children are given).
 *
 * Once there is data it stays: a background read that fails (the server down, the
 * connection lost) keeps what was shown, everything typed beside it included, and the
 * layout's OfflineNotice says it is out of date and reads it again.
 */
export function QueryStatus<Data>({
  query,
  failure = 'This part of the page could not be loaded.',
  children,
}: QueryStatusProps<Data>) {
  if (hasData(query)) return children ? children(query.data) : null;
  if (query.isError) {
    return (
      <LoadFailure
        failure={failure}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <PageLoader />;
}

/**
 * Whether a query has data to show: read once, and kept when a later read failed (which
 * leaves `isSuccess` false). What a screen shows its data by, rather than `isSuccess`.
 */
export function hasData<Data>(
  query: UseQueryResult<Data>,
): query is UseQueryResult<Data> & { data: Data } {
  return query.data !== undefined;
}
