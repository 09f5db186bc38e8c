import { Component, type ReactNode, useEffect, useRef } from 'react';
import controls from '../components/controls.module.css';
import { Page } from '../components/page.tsx';
import { reloadPage } from '../lib/reload-page.ts';
import { Link, type Location, Outlet, useLocation, useNavigate } from '../lib/router/index.tsx';

// The messages browsers give when a dynamic import (a section's chunk) cannot be fetched:
// Chromium, Firefox and Safari word it differently; Vite's CSS preload has its own.
const DOWNLOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether the error is a section of the site that could not be downloaded. */
export function isDownloadFailure(error: unknown): boolean {
  return error instanceof Error && DOWNLOAD_FAILURE.test(error.message);
}

/** The longest wait between two downloads of a screen that failed. */
const longestWaitMs = 15_000;

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
    return failure ? <RouteError error={failure[0]} /> : this.props.children;
  }
}

/**
 * What a screen shows when it throws, or a lazy section fails to download: what failed in
 * words and "Try again". It renders inside the layout, so the header and the navigation
 * stay usable. A section that could not be downloaded (an outage, the connection lost) is
 * downloaded again by itself: at once when the browser is back online, else after 1 s,
 * 2 s, 4 s… (at most 15 s) until the site answers.
 */
function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const isDownload = isDownloadFailure(error);
  useDownloadAgain(isDownload, error);

  const failure = isDownload
    ? 'This part of the site could not be downloaded. It is fetched again as soon as the site answers; check your connection.'
    : 'This page ran into a problem and could not be shown. Trying again often helps.';
  return (
    <Page title="Something went wrong">
      <div className={controls.alert} role="alert">
        <p>{failure}</p>
      </div>
      <div className={controls.actions}>
        <button type="button" className={controls.button} onClick={reloadPage}>
          Try again
        </button>
        <Link className={controls.buttonSecondary} to="/lans/upcoming">
          Go to the upcoming lans
        </Link>
      </div>
    </Page>
  );
}

/** While `isDownload`, downloads the shown screen again; each new failure waits longer. */
function useDownloadAgain(isDownload: boolean, error: unknown) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const address = pathname + search + hash;
  const attempts = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (a new error) waits anew
  useEffect(() => {
    if (!isDownload) return;
    let hasStarted = false;
    const downloadAgain = () => {
      if (hasStarted) return;
      hasStarted = true;
      attempts.current += 1;
      forgetFailedStylesheets();
      navigate(address, { replace: true }); // the screens that failed download again
    };
    const timer = setTimeout(downloadAgain, Math.min(longestWaitMs, 1_000 * 2 ** attempts.current));
    window.addEventListener('online', downloadAgain);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', downloadAgain);
    };
  }, [isDownload, error, navigate, address]);
}

/**
 * Removes the stylesheet links of the app's own files that failed to load. Vite's preload
 * adds a section's CSS as a link and, asked again, skips any link already there, loaded or
 * not: without this the section would come back unstyled.
 */
function forgetFailedStylesheets() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const isOwnFile = new URL(link.href, window.location.href).origin === window.location.origin;
    if (isOwnFile && link.sheet === null) link.remove();
  }
}
