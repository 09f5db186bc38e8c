/*
 * How a notice shows as a system notification (issue 53 §4), agreed between the service
 * worker (sw.ts, a push) and the page (lib/offline/notice-notifications.ts, a tab in the
 * background). Neither DOM nor worker types beyond the Notifications API: both import it.
 * Apart from offline-protocol.ts so that the first screen, which imports that, carries
 * none of it.
 */

/** A notice as the site pushes it (the server's PushPayload) and as a page shows it. */
export type ShownNotice = { id: number; text: string; link: string | null };

/**
 * How a notice shows as a system notification, from a push (sw.ts) or from a page open in
 * the background (lib/offline/notice-notifications.ts): one tag per notice, so the same
 * notice told both ways shows once. A tap opens its link, a path of this site only.
 */
export function noticeNotification(notice: ShownNotice): {
  title: string;
  options: NotificationOptions;
} {
  return {
    title: 'Lanparty',
    options: {
      body: notice.text,
      tag: `notice-${notice.id}`,
      icon: '/icons/icon-192.png',
      data: { link: sitePathOf(notice.link) },
    },
  };
}

/**
 * A path of this site (`/lans/3`), or `/notices` for anything else: a notification is
 * never a way to send someone to another site (`//evil.example`, `https:`, `javascript:`).
 */
export function sitePathOf(link: unknown): string {
  if (typeof link !== 'string' || !link.startsWith('/') || /^\/[/\\]/.test(link)) return '/notices';
  return link;
}

/** A pushed notice read from a push's data, or null when it is not one. */
export function readPushedNotice(data: unknown): ShownNotice | null {
  if (typeof data !== 'object' || data === null) return null;
  const { id, text, link } = data as Record<string, unknown>;
  if (typeof id !== 'number' || typeof text !== 'string') return null;
  return { id, text, link: typeof link === 'string' ? link : null };
}
