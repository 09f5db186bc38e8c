import type { QueryClient } from '@tanstack/react-query';
import { showNewNoticesInBackground } from './notice-notifications.ts';

/**
 * Registers the service worker, /sw.js (issue 53, decision 055): called once the page has
 * shown its content (with the fonts, load-fonts.ts), so its precache never competes with
 * the first screen. A build only: the dev server has none. When it first takes control of
 * the page (`clientsClaim`), the page's data is read again, through it: what was opened on
 * a first visit is kept for offline too. Then new notices show as system notifications
 * while the tab is in the background (notice-notifications.ts). A new version waits until no tab runs
 * the old one, so no page mixes old and new files; pages come from the site while it
 * answers, so a reload online shows a new version at once.
 */
export function registerServiceWorker(queryClient: QueryClient): void {
  const workers = navigator.serviceWorker;
  if (!import.meta.env.PROD || !workers) return;
  workers.addEventListener('controllerchange', () => void queryClient.refetchQueries(), {
    once: true,
  });
  workers
    .register('/sw.js')
    .then(() => showNewNoticesInBackground(queryClient, workers))
    .catch(console.warn);
}
