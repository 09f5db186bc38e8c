/**
 * Whose Denied subscriptions an answer shows (decision 038): every one (to lan
 * administrators), one user's own (to that user), or none (to everyone else). A refusal is
 * between the organiser and the person refused, not for the whole community to read.
 */
export type DeniedShown = 'all' | 'none' | { userId: number };

/** True when a subscription is shown in an answer that shows `denied`. */
export function isShownWith(
  subscriber: { status: string; user_id: number },
  denied: DeniedShown,
): boolean {
  if (subscriber.status !== 'Denied' || denied === 'all') return true;
  return denied !== 'none' && subscriber.user_id === denied.userId;
}
