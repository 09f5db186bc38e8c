import { calendarFeedQueryOptions } from '../features/lans/api/get-calendar-feed.ts';
import { upcomingLansQueryOptions } from '../features/lans/api/list-upcoming-lans.ts';
import { preloadPageBanner } from '../features/lans/components/preload-page-banner.ts';
import { idParam } from '../lib/id-param.ts';
import { lanQueryOptions } from '../lib/lans/get-lan.ts';
import { type Prefetch, started } from '../lib/page-reads.ts';

/*
 * The reads each page makes first, as its routes' `prefetch`: started as the app starts at
 * that page, next to the sign-in's sync-status and users/me rather than after them. Each
 * asks exactly what the page's hooks ask (the same query options), so the page finds the
 * answers in the cache. The lazy pages' reads are in their chunks (the stats pages', the
 * lanners', the archive's), which the app downloads as it starts at them.
 */

export const upcomingLansReads: Prefetch = (_params, queryClient) => {
  started(queryClient.ensureQueryData(upcomingLansQueryOptions()));
  started(queryClient.ensureQueryData(calendarFeedQueryOptions()));
};

/** The lan, and its banner as soon as the lan's read says which it is (the page's LCP). */
export const lanReads: Prefetch = (params, queryClient) => {
  const id = idParam(params.id);
  if (id !== null)
    started(queryClient.ensureQueryData(lanQueryOptions(id)).then(preloadPageBanner));
};
