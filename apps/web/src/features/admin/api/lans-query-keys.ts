/**
 * Query keys of the admin's lan forms: the new lan's draft and the lan defaults (settings).
 * The lans themselves share the one key tree in lib/lans.
 */
export const adminLansKeys = {
  draft: () => ['admin-lans', 'draft'] as const,
  defaults: () => ['admin-lans', 'lan-defaults'] as const,
};
