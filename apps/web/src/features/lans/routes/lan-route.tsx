import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { idParam } from '../../../lib/id-param.ts';
import { lanQueryOptions } from '../../../lib/lans/get-lan.ts';
import { type NotifyInput, useNotify } from '../../../lib/notifications/notifications.tsx';
import { Outlet, useNavigate, useParams } from '../../../lib/router/index.tsx';
import { LanInFull } from '../components/lan-in-full.tsx';

/** What the visitor is told on the way to the root, by why the lan cannot be shown. */
const leavingNotices = {
  notFound: { severity: 'Warning', message: 'That lan does not exist' },
  failed: { severity: 'Error', message: 'The lan could not be loaded. Try again in a moment.' },
} as const satisfies Record<string, Omit<NotifyInput, 'keepOnNextNavigation'>>;

/**
 * lans/:id: one lan in full. Spec §2: an unknown lan or any failed lookup sends the visitor
 * to the root; a notification says which of the two it was.
 */
export function LanRoute() {
  const id = idParam(useParams().id);
  const isValidId = id !== null;
  // An id that is not a number names no lan: nothing to ask the server.
  const lan = useQuery({ ...lanQueryOptions(id ?? 0), enabled: isValidId });
  // A lan once shown stays when a later read fails (the server down): the layout says the
  // site is offline, and the lan reads again once it answers.
  const leaving =
    !isValidId || isApiError(lan.error, 404)
      ? 'notFound'
      : lan.isError && lan.data === undefined
        ? 'failed'
        : null;
  useLeaveForRoot(leaving);
  if (leaving) return null;
  return (
    <Page title={lan.data?.name ?? 'Lan'}>
      <QueryStatus query={lan}>
        {(data) => (
          <LanInFull
            lan={data}
            more={
              // The lan's child route (its seat map) comes from its own chunk: the lan shows
              // without waiting for it.
              <Suspense>
                <Outlet />
              </Suspense>
            }
          />
        )}
      </QueryStatus>
    </Page>
  );
}

/**
 * Where the root leads (its index route redirects here). Going there directly is one
 * navigation, which a keepOnNextNavigation notice survives; via '/' it would be two, and
 * the notice would be gone before the visitor could read it.
 */
const rootDestination = '/lans/upcoming';

/** Notifies why, then sends the visitor to the root: once per visit of the page. */
function useLeaveForRoot(reason: keyof typeof leavingNotices | null) {
  const navigate = useNavigate();
  const notify = useNotify();
  // Strict mode runs an effect twice, and the page may render again before the navigation
  // lands: without this the visitor would read the notice twice.
  const hasLeft = useRef(false);
  useEffect(() => {
    if (reason === null || hasLeft.current) return;
    hasLeft.current = true;
    notify({ ...leavingNotices[reason], keepOnNextNavigation: true });
    navigate(rootDestination, { replace: true });
  }, [reason, navigate, notify]);
}
