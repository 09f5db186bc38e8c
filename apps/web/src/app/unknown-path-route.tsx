import { rootDestination, useLeaveWithNotice } from '../lib/notifications/leave-with-notice.ts';
import { useLocation } from '../lib/router/index.tsx';

/**
 * Any address the app has no screen at. Spec §2: it redirects to lans/upcoming, saying what
 * was asked for, as the lan page does for a lan that does not exist (issue 50 §1). The server
 * answers such a page request 404, with the app, so this runs.
 */
export function UnknownPathRoute() {
  const { pathname } = useLocation();
  useLeaveWithNotice(
    { severity: 'Warning', message: `There is no page at ${pathname}` },
    rootDestination,
  );
  return null;
}
