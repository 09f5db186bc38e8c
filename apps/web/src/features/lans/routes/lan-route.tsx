import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Page } from '../../../components/page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { idParam } from '../../../lib/id-param.ts';
import { lanQueryOptions } from '../../../lib/lans/get-lan.ts';
import { LanPageLead } from '../../../lib/lans/lan-page-lead.ts';
import {
  type LeavingNotice,
  rootDestination,
  useLeaveWithNotice,
} from '../../../lib/notifications/leave-with-notice.ts';
import { Outlet, useParams } from '../../../lib/router/index.tsx';
import { LanInFull } from '../components/lan-in-full.tsx';

/** What the visitor is told on the way to the root, by why the lan cannot be shown. */
const leavingNotices = {
  notFound: { severity: 'Warning', message: 'That lan does not exist' },
  failed: { severity: 'Error', message: 'The lan could not be loaded. Try again in a moment.' },
} as const satisfies Record<string, LeavingNotice>;

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
  useLeaveWithNotice(leaving ? leavingNotices[leaving] : null, rootDestination);
  if (leaving) return null;
  return (
    <Page title={lan.data?.name ?? 'Lan'}>
      <QueryStatus query={lan}>
        {(data) => (
          // The lan waits for its child route's chunk (what leads the page, the sections),
          // with the loader its read showed: shown at once, the lead arriving later pushed
          // the lan down the screen. Above the lan the child leads with what matters now
          // and the sections' links; in the lan, the sections themselves.
          <Suspense fallback={<PageLoader />}>
            <LanPageLead value>
              <Outlet />
            </LanPageLead>
            <LanInFull lan={data} more={<Outlet />} />
          </Suspense>
        )}
      </QueryStatus>
    </Page>
  );
}
