import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../lib/api-client.ts';
import controls from './controls.module.css';
import { PageLoader } from './page-loader.tsx';

type QueryStatusProps<Data> = {
  query: UseQueryResult<Data>;
  /** The alert's opening, naming what failed: "The lans could not be loaded". */
  failure?: string;
  /** What to show once the data is there; without it, nothing is shown then. */
  children?: (data: Data) => ReactNode;
};

/**
 * The one pending and error scaffold of the routes: a loader while the query is pending,
 * an alert with the problem's message when it failed, then the data (if children are given).
 */
export function QueryStatus<Data>({ query, failure, children }: QueryStatusProps<Data>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const message = describeError(query.error);
    return (
      <p className={controls.alert} role="alert">
        {failure ? `${failure}: ${message}` : message}
      </p>
    );
  }
  return children ? children(query.data) : null;
}
