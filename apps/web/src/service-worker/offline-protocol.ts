/*
 * What the service worker (sw.ts) and the pages agree on (issue 53, decision 055). Neither
 * DOM nor worker types: both programs import it.
 */

/** The cache of API answers a signed-in person read, kept for reading offline. */
export const offlineReadsCache = 'lanparty-reads';

/**
 * Set by the worker on an answer from its store rather than the site: `stored` (its
 * x-community-time says when it was read) or `none` (a 503: never read on this device).
 */
export const offlineHeader = 'x-lanparty-offline';

/**
 * The worker's message to a page as it answers it: `{ type, keptSince }`, when the answer
 * it gave from its store was read (community time, ISO), or null once the site answers
 * again. The page's offline notice says "As of 18:04" by it.
 */
export const offlineMessage = 'lanparty:offline';

/**
 * Whether an API read is kept for offline: every GET of the API but the live stream (open
 * for hours), images (the browser's own cache), downloads (CSV, calendar) and the door's
 * list (the door keeps it itself, in IndexedDB).
 */
export function isOfflineRead(pathname: string): boolean {
  if (!pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/api/events') || pathname.startsWith('/api/assets/')) return false;
  if (pathname.endsWith('/door-list') || /\.(csv|ics)$/.test(pathname)) return false;
  return !pathname.startsWith('/api/screens/');
}

/**
 * Whether a read is kept though it was sent without a session: what the app needs to start
 * (the identity settings, the provider's discovery document), the same for everyone. Any
 * other read is kept only as a signed-in person made it, so that a read made while the
 * session's token had run out never takes the place of that person's own answer.
 */
export function isKeptWithoutSession(pathname: string): boolean {
  return pathname === identitySettingsPath || isDiscoveryDocument(pathname);
}

/** The identity settings the app starts with (GET /api/settings/keycloak). */
export const identitySettingsPath = '/api/settings/keycloak';

/** An OpenID provider's discovery document, wherever the provider is (the embedded one or not). */
export const isDiscoveryDocument = (pathname: string) =>
  pathname.endsWith('/.well-known/openid-configuration');
