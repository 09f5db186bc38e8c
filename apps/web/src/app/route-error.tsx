import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { Page } from '../components/page.tsx';

/** What a screen shows when it throws, or a lazy section fails to download. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Page title="Something went wrong" lead="This page could not be shown. Try again in a moment.">
      <p>
        <Link to="/lans/upcoming">Go to the upcoming lans</Link>
      </p>
    </Page>
  );
}
