import { Component, lazy, type ReactNode, Suspense } from 'react';
import { type Location, Outlet, useLocation } from '../lib/router/index.tsx';

/**
 * The screens inside this route, or RouteError for one that failed to download or to
 * render, until the next navigation. It stays through retries that fail again, so
 * RouteError waits longer after each.
 */
export function RouteErrorBoundary() {
  return (
    <Boundary location={useLocation()}>
      <Outlet />
    </Boundary>
  );
}

type BoundaryState = { location?: Location; failure?: [unknown] };
class Boundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};
  static getDerivedStateFromError = (error: unknown) => ({ failure: [error] });
  static getDerivedStateFromProps = ({ location }: { location: Location }, state: BoundaryState) =>
    location === state.location ? null : { location, failure: undefined };

  override render() {
    const { failure } = this.state;
    return failure ? (
      <Suspense fallback={null}>
        <RouteError error={failure[0]} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

/**
 * What a failed screen shows (route-error-view.tsx), downloaded only when one fails: no
 * first screen carries it (issue 53, decision 055). The service worker holds it offline;
 * where it cannot be had either, a line to reload the page.
 */
const RouteError = lazy(() =>
  import('./route-error-view.tsx').then(
    (view) => ({ default: view.RouteError }),
    () => ({ default: RouteErrorUnreachable }),
  ),
);

function RouteErrorUnreachable(_: { error: unknown }) {
  return (
    <p role="alert">
      This page could not be shown: the site cannot be reached.{' '}
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </p>
  );
}
