import type { NoticeList } from '@lanparty/contract';
import type { QueryClient } from '@tanstack/react-query';
import { noticeNotification } from '../../service-worker/notice-protocol.ts';
import { noticesQueryOptions } from '../notices/get-notices.ts';

/**
 * With the app open in a tab that is not looked at (issue 53 §4), a new notice shows as a
 * system notification through the service worker, once the person allowed notifications
 * ("Notify me"). The bell's read follows the `notice` live event; each notice newer than
 * any read before is shown, tagged as a push of it would be, so one told both ways shows
 * once. Loaded with the service worker, after the first screen.
 */
export function showNewNoticesInBackground(
  queryClient: QueryClient,
  workers: ServiceWorkerContainer,
): () => void {
  let newestShown: number | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== noticesHash) return;
    const list = event.query.state.data as NoticeList | undefined;
    const newest = list?.items[0]?.id;
    if (!list || newest === undefined) return;
    // The first read is what the person had when the page opened: nothing new in it.
    const after = newestShown ?? newest;
    newestShown = Math.max(after, newest);
    if (document.visibilityState === 'visible' || Notification.permission !== 'granted') return;
    const fresh = list.items.filter((notice) => notice.id > after && !notice.seen).reverse();
    if (fresh.length === 0) return;
    void workers.ready.then((registration) =>
      Promise.all(
        fresh.map((notice) => {
          const { title, options } = noticeNotification(notice);
          return registration.showNotification(title, options);
        }),
      ),
    );
  });
}

const noticesHash = JSON.stringify(noticesQueryOptions.queryKey);
