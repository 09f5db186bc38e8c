import { lanDraftKey } from '../../../lib/lans/get-lan-draft.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';

/**
 * Query keys of the admin's lan screens: the new lan's draft, the lan defaults (settings),
 * a lan's participants and its messages. The lans themselves share the one key tree in
 * lib/lans.
 */
export const adminLansKeys = {
  draft: () => lanDraftKey,
  defaults: () => ['admin-lans', 'lan-defaults'] as const,
  /**
   * Inside the lan tree on purpose: every change that invalidates the lans (a status, a
   * presence, an edit of the lan, a subscription or withdrawal) changes the participants
   * and their totals too, so `invalidateLans` refreshes them with no second list to keep.
   */
  participants: (lanId: number) => [...lansKeys.all, 'participants', lanId] as const,
  messages: (lanId: number) => ['admin-lans', 'messages', lanId] as const,
  /** The other lans' seat plans a plan can be copied from. */
  planSources: () => ['admin-lans', 'plan-sources'] as const,
};
