/**
 * The API reads the web app's pages make, each as the page sends it: the URLs are built
 * here the way apps/web/src/lib/api-client.ts builds them (query parameters in the order
 * the page gives them, lists comma-separated) from the queries in the web app's files
 * named in `source`. Pure: the load process builds its URLs from this table too.
 */

/** What the URLs need to know of the site, found once on the running server. */
export type ReadContext = {
  /** The visitor's today (yyyy-MM-dd), as the web app sends it. */
  today: string;
  /** The lan the upcoming lans page shows first, the one a member opens. */
  lanId: number;
  /** Every lan a member can open. */
  lanIds: number[];
  /** The month the player leaderboard shows first (…/last), yyyy-MM-01. */
  lastMonth: string;
  /** Every month with a leaderboard, newest first, yyyy-MM-01. */
  months: string[];
  /** The newest closed year with a rewind. */
  year: number;
  /** The running year (its rewind is built on every call while it runs). */
  runningYear: number;
  /** Every year with a rewind, newest first. */
  years: number[];
  /** The member's own user id (their profile's history). */
  userId: number;
  /** The clan a member opens: their own (the seat map reads it), else the first by name. */
  clanId: number;
  /** Every clan. */
  clanIds: number[];
};

/**
 * A write that makes the site's kept answers stale, as the site is changed: `subscription`
 * someone subscribed to a lan or withdrawn (the `lans` data version: lans,
 * subscribers, users, roles), `playtime` a player's minutes added with their rollups, as
 * the collector adds them (the `playtime` version).
 */
export type Change = 'subscription' | 'playtime';

export type PageRead = {
  name: string;
  /** The page (web app route) that makes the read. */
  page: string;
  /** Where in apps/web/src the read is made. */
  source: string;
  /** Sent before anyone is signed in: no bearer token. */
  isAnonymous?: boolean;
  /** The URL the page sends. */
  url: (context: ReadContext) => string;
  /** Whether the site has what the read asks for (default: it has). */
  isOnSite?: (context: ReadContext) => boolean;
  /**
   * For reads with parameters: the index-th of other valid URLs of the same read (a
   * different date, month, year, lan or page size), one per request.
   */
  newUrl?: (context: ReadContext, index: number) => string;
  /** How many different URLs `newUrl` gives before it repeats (Infinity: never). */
  distinctUrls?: (context: ReadContext) => number;
  /**
   * The writes that make its kept answer stale, made in turn before its first reads
   * (default: a subscription, which changes the `lans` version every kept read depends on).
   */
  changes?: readonly Change[];
};

/** The stats show playtime and the users who played: either change makes them stale. */
const statsChanges: readonly Change[] = ['playtime', 'subscription'];

type QueryValue = string | number | readonly (string | number)[] | undefined;

/** Path and query as the web app's api-client builds them (URLSearchParams, lists joined by ','). */
export function apiPath(path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(path, 'http://localhost');
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `${url.pathname}${url.search}`;
}

/** `{year}/{month}` of a yyyy-MM-01 month, the month without a leading zero (stats-rules.ts). */
export function monthApiPath(month: string): string {
  return `${Number(month.slice(0, 4))}/${Number(month.slice(5, 7))}`;
}

/**
 * A moment `seconds` before (negative: after) midnight UTC of a yyyy-MM-dd day, as the ISO
 * date-time the API accepts wherever it accepts a day: a new URL for every request that
 * asks for (nearly) the same lans.
 */
export function momentNear(day: string, seconds: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - seconds * 1000).toISOString();
}

function nth<Item>(items: readonly Item[], index: number): Item {
  if (items.length === 0) throw new Error('nothing to choose from');
  return items[index % items.length] as Item;
}

const never = () => Number.POSITIVE_INFINITY;

// A read with parameters sends one URL shape: its page's URL and the other valid ones differ
// in one value.
const upcomingLansUrl = (sinceDate: string) =>
  apiPath('/api/lans', { sinceDate, sort: 'start-date', limit: 5 });

const pastLansUrl = (untilDate: string) =>
  apiPath('/api/lans', { untilDate, sort: '-start-date', view: 'headline', offset: 0, limit: 100 });

/** The active lans of `year`, from `sinceDate` (its first of January, or a moment after). */
const lansOfYearUrl = (year: number, sinceDate: string) =>
  apiPath('/api/lans', {
    sinceDate,
    untilDate: `${year + 1}-01-01`,
    include: 'active',
    view: 'headline',
    offset: 0,
    limit: 100,
  });

/** The lanners page's first page of the users with these roles, by nickname. */
const usersByNicknameUrl = (
  roles: { roles: readonly string[]; missingRoles?: readonly string[] },
  limit: number,
) => apiPath('/api/users', { ...roles, sort: 'nickname', offset: 0, limit });

const lannersNotMembers = { roles: ['Lanner'], missingRoles: ['Member'] };

/** The clans page's page of clans (twenty to a page). */
const clansUrl = (limit: number) => apiPath('/api/clans', { offset: 0, limit });

/** A tournament's sign-up reads its lan's subscribers, every page of 100 (the first here). */
const subscribersUrl = (lanId: number) =>
  apiPath(`/api/lans/${lanId}/subscribers`, { offset: 0, limit: 100 });

/** The leaderboard's players of a month (`{year}/{month}` or `last`), as the page shows them. */
const playersUrl = (month: string) =>
  apiPath(`/api/stats/leader-boards/users/months/${month}`, { view: 'ranking' });

/** A year's rewind as its page shows it to the viewer (kept per viewer). */
const rewindUrl = (year: number) => apiPath(`/api/stats/summaries/${year}`, { view: 'viewer' });

const gamesOfMonthUrl = (month: string) =>
  apiPath(`/api/stats/leader-boards/games/months/${monthApiPath(month)}`, { limit: 10 });

export const pageReads: readonly PageRead[] = [
  {
    name: 'upcoming lans',
    page: '/lans/upcoming',
    source: 'features/lans/api/list-upcoming-lans.ts',
    url: (c) => upcomingLansUrl(c.today),
    newUrl: (c, index) => upcomingLansUrl(momentNear(c.today, index)),
    distinctUrls: never,
  },
  {
    name: 'lan archive',
    page: '/lans/archive',
    source: 'features/lans/api/list-past-lans.ts (first page)',
    url: (c) => pastLansUrl(c.today),
    newUrl: (c, index) => pastLansUrl(momentNear(c.today, index)),
    distinctUrls: never,
  },
  {
    name: 'lans of a year',
    page: '/stats/rewinds/{year}',
    source: 'features/stats/api/list-lans-of-year.ts (first page)',
    url: (c) => lansOfYearUrl(c.year, `${c.year}-01-01`),
    // Every year with a rewind in turn, each from a moment a little later into January.
    newUrl: (c, index) => {
      const year = nth(c.years, index);
      const later = -Math.floor(index / c.years.length);
      return lansOfYearUrl(year, momentNear(`${year}-01-01`, later));
    },
    distinctUrls: never,
  },
  {
    name: 'my profile',
    page: 'every page, signed in',
    source: 'lib/users/get-current-user.ts',
    url: () => '/api/users/me',
  },
  {
    // Each viewer's own: kept per viewer, so no other URL of the member's (issue 52).
    name: 'my subscriptions',
    page: '/lans/{id} (its ticket and payment), /profile',
    source: 'lib/users/list-my-subscriptions.ts (first page)',
    url: () => apiPath('/api/users/me/subscriptions', { offset: 0, limit: 100 }),
  },
  {
    name: 'my notices',
    page: 'every page, after its first paint (the bell), /notices',
    source: 'lib/notices/get-notices.ts',
    url: () => '/api/users/me/notices',
  },
  {
    name: 'members',
    page: '/lanners',
    source: 'features/lanners/api/get-lanners.ts, lib/users/list-users.ts (first page)',
    url: () => usersByNicknameUrl({ roles: ['Member'] }, 100),
    // The page's filter with page sizes 100 down to 51.
    newUrl: (_c, index) => usersByNicknameUrl({ roles: ['Member'] }, 100 - (index % 50)),
    distinctUrls: () => 50,
  },
  {
    name: 'lanners',
    page: '/lanners',
    source: 'features/lanners/api/get-lanners.ts, lib/users/list-users.ts (first page)',
    url: () => usersByNicknameUrl(lannersNotMembers, 100),
    newUrl: (_c, index) => usersByNicknameUrl(lannersNotMembers, 100 - (index % 50)),
    distinctUrls: () => 50,
  },
  {
    name: "last month's players",
    changes: statsChanges,
    page: '/stats/leader-board',
    source: 'features/stats/api/get-player-leaderboard-month.ts',
    url: () => playersUrl('last'),
    newUrl: (c, index) => playersUrl(monthApiPath(nth(c.months, index))),
    distinctUrls: (c) => c.months.length,
  },
  {
    name: 'leaderboard months',
    changes: statsChanges,
    page: '/stats/leader-board',
    source: 'features/stats/api/list-leaderboard-months.ts',
    url: () => '/api/stats/leader-boards',
  },
  {
    name: "a month's games",
    changes: statsChanges,
    page: '/stats/leader-board',
    source: 'features/stats/api/get-game-leaderboard-month.ts',
    url: (c) => gamesOfMonthUrl(c.lastMonth),
    newUrl: (c, index) => gamesOfMonthUrl(nth(c.months, index)),
    distinctUrls: (c) => c.months.length,
  },
  {
    name: 'rewind years',
    changes: statsChanges,
    page: '/stats/rewinds',
    source: 'features/stats/api/list-rewind-years.ts',
    url: () => '/api/stats/summaries',
  },
  {
    name: "a year's rewind",
    changes: statsChanges,
    page: '/stats/rewinds/{year}',
    source: 'features/stats/api/get-rewind-summary.ts',
    url: (c) => rewindUrl(c.year),
    newUrl: (c, index) => rewindUrl(nth(c.years, index)),
    distinctUrls: (c) => c.years.length,
  },
  {
    name: "this year's rewind",
    changes: statsChanges,
    page: '/stats/rewinds/{year}',
    source: 'features/stats/api/get-rewind-summary.ts',
    url: (c) => rewindUrl(c.runningYear),
    // On the first days of January the running year has no playtime yet.
    isOnSite: (c) => c.years.includes(c.runningYear),
  },
  {
    name: 'identity settings',
    page: 'start of every visit, before signing in',
    source: 'lib/auth/identity-settings.ts',
    isAnonymous: true,
    url: () => '/api/settings/keycloak',
  },
  {
    name: 'a lan',
    page: '/lans/{id}',
    source: 'lib/lans/get-lan.ts',
    url: (c) => `/api/lans/${c.lanId}`,
    newUrl: (c, index) => `/api/lans/${nth(c.lanIds, index)}`,
    distinctUrls: (c) => c.lanIds.length,
  },
  {
    // Of the lan a member opens, whose plan the demo publishes (issue 34); only lans with a
    // plan answer it, so no other URL.
    name: 'seat map',
    page: '/lans/{id}',
    source: 'features/seating (the lan page’s seat map)',
    url: (c) => `/api/lans/${c.lanId}/seating`,
  },
  // Below the lan (issue 35): its announcements and schedule, and, while it runs, now playing.
  {
    name: 'announcements',
    page: '/lans/{id}',
    source: 'lib/lans/get-announcements.ts',
    url: (c) => `/api/lans/${c.lanId}/announcements`,
    newUrl: (c, index) => `/api/lans/${nth(c.lanIds, index)}/announcements`,
    distinctUrls: (c) => c.lanIds.length,
  },
  {
    name: 'schedule',
    page: '/lans/{id}',
    source: 'lib/lans/get-schedule.ts',
    url: (c) => `/api/lans/${c.lanId}/schedule`,
    newUrl: (c, index) => `/api/lans/${nth(c.lanIds, index)}/schedule`,
    distinctUrls: (c) => c.lanIds.length,
  },
  {
    // A lan's food rounds with the member's own orders (issue 54); the demo's open lan has
    // an open round, the others none.
    name: 'food rounds',
    page: '/lans/{id}',
    source: 'lib/lans/get-food-rounds.ts',
    url: (c) => `/api/lans/${c.lanId}/food-rounds`,
    newUrl: (c, index) => `/api/lans/${nth(c.lanIds, index)}/food-rounds`,
    distinctUrls: (c) => c.lanIds.length,
  },
  {
    name: 'now playing',
    page: '/lans/{id}',
    source: 'lib/lans/get-now-playing.ts',
    url: (c) => `/api/lans/${c.lanId}/now-playing`,
    newUrl: (c, index) => `/api/lans/${nth(c.lanIds, index)}/now-playing`,
    distinctUrls: (c) => c.lanIds.length,
  },
  {
    // The viewer's own swaps, of the lan whose plan the demo publishes: no other URL.
    name: 'my seat swaps',
    page: '/lans/{id}',
    source: 'features/seating/api/list-seat-swaps.ts (the seat map, signed in)',
    url: (c) => `/api/lans/${c.lanId}/seat-swaps`,
  },
  {
    name: 'subscribers of a lan',
    page: '/tournaments/{id} (signing up a team)',
    source: 'features/tournaments/api/lan-participants.ts (first page)',
    url: (c) => subscribersUrl(c.lanId),
    newUrl: (c, index) => subscribersUrl(nth(c.lanIds, index)),
    distinctUrls: (c) => c.lanIds.length,
  },
  {
    name: 'calendar feed',
    page: '/lans/upcoming',
    source: 'features/lans/api/get-calendar-feed.ts',
    url: () => '/api/settings/calendar-feed',
  },
  {
    name: 'clans',
    page: '/clans',
    source: 'features/clans/api/list-clans.ts, routes/clans-route.tsx (first page)',
    url: () => clansUrl(20),
    // Page sizes 20 down to 11.
    newUrl: (_c, index) => clansUrl(20 - (index % 10)),
    distinctUrls: () => 10,
  },
  {
    name: 'a clan',
    page: '/clans/{id}, /lans/{id} (the viewer’s clan on the seat map)',
    source: 'features/clans/api/get-clan.ts, features/seating/api/get-clan.ts',
    url: (c) => `/api/clans/${c.clanId}`,
    newUrl: (c, index) => `/api/clans/${nth(c.clanIds, index)}`,
    distinctUrls: (c) => c.clanIds.length,
  },
  // The member's profile: their history, consents, playtime and (opened) their data, each
  // their own, so no other URL.
  {
    name: 'my history',
    page: '/profile',
    source: 'features/profile/api/history-and-data.ts (useHistory)',
    url: (c) => `/api/users/${c.userId}/history`,
  },
  {
    name: 'my consents',
    page: '/profile',
    source: 'features/profile/api/history-and-data.ts (useConsents)',
    url: () => '/api/users/me/consents',
  },
  {
    name: 'my playtime status',
    page: '/profile',
    source: 'features/profile/api/get-playtime-status.ts',
    url: () => '/api/users/me/playtime-status',
  },
  {
    name: 'my account',
    page: '/profile (its data, opened)',
    source: 'features/profile/api/history-and-data.ts (useOwnAccount)',
    url: () => '/api/users/me/account',
  },
];

/** The reads this site can answer. */
export function readsOnSite(context: ReadContext): PageRead[] {
  return pageReads.filter((read) => read.isOnSite?.(context) ?? true);
}

/** The changes made before a read's first reads. */
export function changesOf(read: PageRead): readonly Change[] {
  return read.changes ?? ['subscription'];
}

export function readNamed(name: string): PageRead {
  const read = pageReads.find((candidate) => candidate.name === name);
  if (!read) throw new Error(`There is no read named "${name}".`);
  return read;
}

/** The headers the web app's api-client sends with every read. */
export function readHeaders(read: PageRead, accessToken: string): Record<string, string> {
  return {
    accept: 'application/json, application/problem+json, text/plain',
    ...(read.isAnonymous ? {} : { authorization: `Bearer ${accessToken}` }),
  };
}

/**
 * Reads the web app makes that `pageReads` does not measure yet, by path template (ids as
 * `{}`), each with why. `apps/server/test/page-reads.test.ts` fails on a read of the web
 * app that is in neither list, and on an entry here that the web app no longer makes or
 * that `pageReads` measures now: a new read is measured, or said here why not.
 */
export const readsNotMeasured: Readonly<Record<string, string>> = {
  // Lan administrators' pages: the benchmark reads as the member, as the many do.
  '/api/lans/defaults': 'a lan administrator’s new lan form',
  '/api/lans/{}/messages': 'a lan administrator’s messages to a lan',
  '/api/lans/{}/participants': 'the door’s check-in and a lan administrator’s participants',
  '/api/lans/{}/door-list': 'the door’s list for offline, once as its check-in opens',
  '/api/users/me/push-subscriptions':
    'the site’s push key and one’s browsers, read once as Notify me is tapped or turned off',
  '/api/lans/{}/payment-details': 'a lan administrator’s payment details of a lan',
  '/api/lans/{}/screens': 'a lan administrator’s screens of a lan',
  '/api/food-rounds/{}/orders': 'a lan administrator’s orders of a food round: bench:food',
  '/api/settings/lan-defaults': 'a lan administrator’s lan defaults',
  '/api/settings/messaging': 'a lan administrator’s messaging settings',
  '/api/settings/payment-details': 'a lan administrator’s default payment details',
  '/api/sign-ups': 'a user administrator’s sign-ups',
  '/api/users/{}': 'a user administrator’s page of a user',
  // Measured by their own benchmarks.
  '/api/screens/{}': 'a lan’s screen: bench:screen',
  '/api/lans/{}/seating/changes': 'the seat map following picks: bench:seats',
  '/api/lans/{}/tournaments': 'the lan page’s tournaments: bench:tournaments',
  '/api/tournaments/{}': 'a tournament: bench:tournaments',
  // Once per visit, after signing in: it asks Steam, it is no kept read.
  '/api/users/me/sync-status': 'the Steam sync after signing in',
};
