/**
 * Every address the web app shows a screen at (spec §2's route table), as path patterns:
 * `:name` is one segment. The server answers a page request for any other path with 404
 * (still sending the app, which shows "Page not found"); the web app's route table is
 * checked against this list (apps/web/src/app/router.test.tsx), so the two cannot drift.
 */
export const appPaths = [
  '/',
  '/changelog',
  '/lans/upcoming',
  '/lans/archive',
  '/lans/:id',
  '/lanners',
  '/clans',
  '/clans/:id',
  '/clans/:id/join/:code',
  '/tournaments/:id',
  '/profile',
  '/profile/personal',
  '/profile/email-verification/:code',
  '/unauthorized',
  '/notices',
  '/stats',
  '/stats/leader-board',
  '/stats/leader-board/archive',
  '/stats/leader-board/:year/:month',
  '/stats/rewinds/:year',
  '/admin',
  '/admin/lans',
  '/admin/lans/new',
  '/admin/lans/:id',
  '/admin/lans/:id/check-in',
  '/admin/lans/:id/seats',
  '/admin/users',
  '/admin/users/:id',
  '/admin/sign-ups',
] as const;

/**
 * Addresses of the web app outside its router: a lan's screen (issue 35), which signs
 * nobody in and starts an app of its own (apps/web/src/main.tsx).
 */
export const screenPaths = ['/screen/:token'] as const;

/**
 * The page a person lands on after erasing their own account (issue 51), outside the router
 * too: signed out by then, it needs no session. It is words only: it reads nothing and shows
 * nothing of anyone, so whoever opens it learns only what the site keeps of an erased account.
 */
export const accountErasedPath = '/account-erased';

// As the web app's router matches: case-insensitive, a trailing slash or several allowed.
const patternOf = (pattern: string) => {
  const source = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) =>
      segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${source}\\/*$`, 'i');
};
const screenPathPatterns = screenPaths.map(patternOf);
const accountErasedPattern = patternOf(accountErasedPath);
const appPathPatterns = [...appPaths.map(patternOf), ...screenPathPatterns, accountErasedPattern];

/** Whether the web app has a screen at `pathname` (the path alone, no query). */
export function isAppPath(pathname: string): boolean {
  return appPathPatterns.some((pattern) => pattern.test(pathname));
}

/** Whether `pathname` is a lan's screen (/screen/{token}), which needs no sign-in first. */
export function isScreenPath(pathname: string): boolean {
  return screenPathPatterns.some((pattern) => pattern.test(pathname));
}

/** Whether `pathname` is the erased account's page, which needs no sign-in first. */
export function isAccountErasedPath(pathname: string): boolean {
  return accountErasedPattern.test(pathname);
}
