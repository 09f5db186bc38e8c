import { useEffect } from 'react';
import controls from '../components/controls.module.css';
import { Page } from '../components/page.tsx';
import { reloadPage } from '../lib/reload-page.ts';
import { Link, useRouteError } from '../lib/router/index.ts';

// The messages browsers give when a dynamic import (a section's chunk) cannot be fetched:
// Chromium, Firefox and Safari word it differently; Vite's CSS preload has its own.
const DOWNLOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether the error is a section of the site that could not be downloaded. */
export function isDownloadFailure(error: unknown): boolean {
  return error instanceof Error && DOWNLOAD_FAILURE.test(error.message);
}

/**
 * What a screen shows when it throws, or a lazy section fails to download: what failed in
 * words and "Try again". It renders inside the layout, so the header and the navigation
 * stay usable.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  const failure = isDownloadFailure(error)
    ? 'This part of the site could not be downloaded. Check your connection, then try again.'
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
