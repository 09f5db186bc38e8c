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
  /** In the lan tree (lansKeys.participants), for the reasons told there. */
  participants: lansKeys.participants,
  messages: (lanId: number) => ['admin-lans', 'messages', lanId] as const,
  /** The other lans' seat plans a plan can be copied from. */
  planSources: () => ['admin-lans', 'plan-sources'] as const,
};
