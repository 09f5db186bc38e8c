/** Query keys of the admin's lans, so a change refreshes exactly what it touched. */
export const adminLansKeys = {
  all: ['admin-lans'] as const,
  list: () => ['admin-lans', 'list'] as const,
  detail: (id: number) => ['admin-lans', 'detail', id] as const,
  draft: () => ['admin-lans', 'draft'] as const,
  defaults: () => ['admin-lans', 'lan-defaults'] as const,
};

/** The asset id of a lan's banner (server-behaviour, Assets). */
export function lanBannerAssetId(lanId: number): string {
  return `lan-${lanId}`;
}
