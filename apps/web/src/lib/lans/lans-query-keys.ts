import type { Lan } from '@lanparty/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The one key tree of the lan resource. The public screens and the admin screens read the
 * same lans (GET /api/lans…), so they share these keys, and a change anywhere refreshes
 * every screen that shows the lan (`invalidateLans`). Keys of reads only their own chunks
 * make are there, beside those reads, to keep the first screen light: `nowPlayingKey`
 * (outside this tree: no event touches it), `screensKey` and `screenViewKey` (issue 35).
 */
export const lansKeys = {
  all: ['lans'] as const,
  upcoming: (today: string) => ['lans', 'upcoming', today] as const,
  past: (today: string) => ['lans', 'past', today] as const,
  /** Every lan, inactive ones too (lan administrators). */
  everything: () => ['lans', 'everything'] as const,
  detail: (id: number) => ['lans', 'detail', id] as const,
  /** A lan's seat plan (GET /api/lans/{id}/seating). */
  seating: (id: number) => ['lans', 'seating', id] as const,
  /** A lan's schedule (GET /api/lans/{id}/schedule). */
  schedule: (id: number) => ['lans', 'schedule', id] as const,
  /**
   * A lan's food rounds, with the viewer's orders (GET /api/lans/{id}/food-rounds); under
   * it, a round's orders for its lan administrators (features/food).
   */
  food: (id: number) => ['lans', 'food', id] as const,
  /** A lan's announcements (GET /api/lans/{id}/announcements). */
  announcements: (id: number) => ['lans', 'announcements', id] as const,
  /**
   * A lan's participants (lan administrators). Inside the lan tree on purpose: every change
   * that invalidates the lans (a status, a presence, an edit of the lan, a subscription or
   * withdrawal) changes the participants and their totals too, so `invalidateLans`
   * refreshes them with no second list to keep.
   */
  participants: (id: number) => ['lans', 'participants', id] as const,
};

/**
 * After any change to a lan or its subscribers (edit, activation, deletion, a subscriber's
 * status or presence, subscribing, withdrawing): every lan query, public and admin, is
 * refetched now if shown, else when next shown — never an old lan for up to a minute.
 * A change that answered with the saved lan (`savedLan`) puts it in place of its detail
 * instead of asking for it again.
 */
export function invalidateLans(
  queryClient: QueryClient,
  { savedLan }: { savedLan?: Lan } = {},
): Promise<void> {
  if (!savedLan) return queryClient.invalidateQueries({ queryKey: lansKeys.all });
  const savedKey = lansKeys.detail(savedLan.id);
  queryClient.setQueryData(savedKey, savedLan);
  return queryClient.invalidateQueries({
    queryKey: lansKeys.all,
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(savedKey),
  });
}

/** Today as the API's calendar date (yyyy-MM-dd), in the visitor's time zone. */
export function todayIsoDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
