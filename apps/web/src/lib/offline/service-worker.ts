import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { showNewNoticesInBackground } from './notice-notifications.ts';

/**
 * Registers the service worker, /sw.js (issue 53, decision 055): called once the page has
 * shown its content (with the fonts, load-fonts.ts), so its precache never competes with
 * the first screen. A build only: the dev server has none. When it first takes control of
 * the page (`clientsClaim`), the API reads the page made are made again through it, quietly
 * (keepWhatWasRead): what was opened on a first visit is kept for offline too. Then new notices show as system notifications
 * while the tab is in the background (notice-notifications.ts). A new version waits until no tab runs
 * the old one, so no page mixes old and new files; pages come from the site while it
 * answers, so a reload online shows a new version at once.
 */
export function registerServiceWorker(queryClient: QueryClient): void {
  const workers = navigator.serviceWorker;
  if (!import.meta.env.PROD || !workers) return;
  workers.addEventListener('controllerchange', () => void keepWhatWasRead(), { once: true });
  workers
    .register('/sw.js')
    .then(() => showNewNoticesInBackground(queryClient, workers))
    .catch(console.warn);
}

/**
 * The API reads this page made before the worker took it (the browser's resource timing),
 * made again at once through the worker, which keeps what it keeps (sw.ts); the answers go
 * to nobody: what the page shows is not touched, so nothing renders again. (Reading the
 * page's queries again re-rendered a lan's whole page, a long task on a phone.)
 */
async function keepWhatWasRead(): Promise<void> {
  const paths = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && /^\/api\/(?!events)/.test(url.pathname))
      paths.add(url.pathname + url.search);
  }
  await Promise.all(
    [...paths].map((path) =>
      apiFetch(path, { priority: 'low' })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );
}
