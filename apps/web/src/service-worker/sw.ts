/// <reference lib="webworker" />
import { communityTimeHeader } from '@lanparty/contract/rules';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import type { PrecacheEntry } from 'workbox-precaching';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { noticeNotification, readPushedNotice, sitePathOf } from './notice-protocol.ts';
import {
  identitySettingsPath,
  isDiscoveryDocument,
  isKeptWithoutSession,
  isOfflineRead,
  offlineHeader,
  offlineMessage,
  offlineReadsCache,
} from './offline-protocol.ts';

/*
 * Lanparty's service worker (issue 53, decision 055), built by vite-plugin-pwa
 * (injectManifest) with Workbox's own modules:
 *
 * - the app's files precached, one version at a time: a new version waits until no tab
 *   runs the old one, so a page never mixes old and new files (online, pages come from the
 *   site, whose new page loads its own new files);
 * - pages from the site while it answers (it picks the page by the signed-in hint), the
 *   app's page from the precache when it does not (offline, or no answer in 4 s);
 * - API reads from the site, each kept as it comes (stamped with when); offline, the kept
 *   answer, marked so the page can say "as of 18:04", or a 503 that says this was never
 *   read here. The page empties the store on sign-out (lib/offline/offline-data.ts);
 * - a notice pushed by the site (Web Push) shown as a system notification, and a tap on one
 *   opening its page in the app's tab, or a new one.
 */

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once (its reads from then on are kept); a new
// version still waits for the old one's pages to go.
clientsClaim();

const pageTimeoutMs = 4_000;
const appPage = createHandlerBoundToURL('/index.html');

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await withTimeout(fetch(options.request), pageTimeoutMs);
      } catch {
        return appPage(options);
      }
    },
    // A lan's screen and the erased account's page are pages of their own, never the app.
    { denylist: [/^\/(api|oidc|screen|account-erased)(\/|$)/] },
  ),
);

const offlineReads = new NetworkFirst({
  cacheName: offlineReadsCache,
  networkTimeoutSeconds: 6,
  // The token a read was sent with does not choose the kept answer: offline, the session's
  // token may have run out, and the store holds one person's reads (emptied on sign-out).
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      cacheWillUpdate: async ({ request, response }) =>
        response.status === 200 &&
        (request.headers.has('authorization') ||
          isKeptWithoutSession(new URL(request.url).pathname))
          ? response
          : null,
      // Marked, and the page told since when it shows what was kept (its x-community-time).
      cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
        if (!cachedResponse) return cachedResponse;
        tell(event, cachedResponse.headers.get(communityTimeHeader));
        return withHeaders(cachedResponse, { [offlineHeader]: 'stored' });
      },
      // The site answers again: the page shows what it reads now.
      fetchDidSucceed: async ({ response, event }) => {
        tell(event, null);
        return response;
      },
      handlerDidError: async () => neverRead(),
    },
  ],
});

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    ((url.origin === self.location.origin && isOfflineRead(url.pathname)) ||
      isDiscoveryDocument(url.pathname)),
  offlineReads,
);

// What the app starts with, the same for everyone, kept as this version installs: the
// page that registered it read them before the worker was there to keep them.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const settings = await offlineReads.handle({ event, request: identitySettingsPath });
      const { issuer } = (await settings.json()) as { issuer?: unknown };
      if (typeof issuer === 'string')
        await offlineReads.handle({
          event,
          request: new Request(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`),
        });
    })().catch(() => undefined),
  );
});

// Files under /assets/ not precached (the QR reader's WebAssembly, 1 MB, fetched by a door
// that scans; uploaded pictures): their names change with their content, so a kept one is
// right for good. The 80 used last are kept.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'lanparty-files',
    plugins: [new ExpirationPlugin({ maxEntries: 80 })],
  }),
);

// A notice pushed by the site (issue 53 §4): shown at once, as every push must be.
self.addEventListener('push', (event) => {
  let notice = null;
  try {
    notice = readPushedNotice(event.data?.json());
  } catch {
    // Not JSON: nothing the site sent.
  }
  const { title, options } = notice
    ? noticeNotification(notice)
    : noticeNotification({ id: 0, text: 'You have a new notice.', link: '/notices' });
  event.waitUntil(self.registration.showNotification(title, options));
});

// A tap on a notice: its page, in the app's open tab when there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sitePathOf((event.notification.data as { link?: unknown } | null)?.link);
  event.waitUntil(
    (async () => {
      const url = new URL(path, self.location.origin).href;
      const [open] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (!open) return void (await self.clients.openWindow(url));
      await open.focus();
      await open.navigate(url);
    })(),
  );
});

/** Tells the page a read was for when its answer was read (null: just now, from the site). */
function tell(event: ExtendableEvent | undefined, keptSince: string | null) {
  const clientId = (event as FetchEvent | undefined)?.clientId;
  if (!clientId) return;
  void self.clients
    .get(clientId)
    .then((client) => client?.postMessage({ type: offlineMessage, keptSince }));
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The answer to a read the site cannot give now and this device never made. */
function neverRead(): Response {
  const problem = {
    type: 'about:blank',
    title: 'Offline',
    status: 503,
    detail: 'You are offline, and this was not opened on this device before.',
  };
  return new Response(JSON.stringify(problem), {
    status: 503,
    headers: { 'content-type': 'application/problem+json', [offlineHeader]: 'none' },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No answer in time')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
