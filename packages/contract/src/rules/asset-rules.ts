/**
 * The kinds of image an asset id names: a user's avatar, a lan's banner, the picture of a
 * lan's hall its seat plan is drawn over (issue 34).
 */
export const assetKindNames = ['user', 'lan', 'hall'] as const;

export type AssetKindName = (typeof assetKindNames)[number];

/** The id an image is kept and served under: `user-7`, `lan-3`, `hall-3`. */
export function assetIdOf(kind: AssetKindName, id: number): string {
  return `${kind}-${id}`;
}

/**
 * The widths (CSS pixels × device pixel ratio) an image is also served at, `?w=` one of
 * these: a few fixed sizes, so no client can make the server resize an image endlessly.
 * Avatars are shown as squares of 64–112 CSS px, banners across the page (about 343 px
 * on a 375 px phone, 542 or 1,104 px on a 1,280 px screen). An image is never enlarged:
 * an avatar kept at 100 px is 100 px at every width.
 */
export const imageWidths = {
  user: [64, 128, 192, 256],
  lan: [400, 720, 1120, 1600],
  // Under a seat map: the map's width on a phone (zoomed in twice) up to a wide screen.
  hall: [720, 1120, 1600, 2400],
} as const satisfies Record<AssetKindName, readonly number[]>;

/**
 * Where an image is at a version (the `avatarVersion` of a user, the `bannerVersion` of a
 * lan), optionally at one of its `imageWidths`. Such an address always answers the same
 * picture, so browsers keep it for a year; a new upload has a new version, so a new address.
 */
export function assetImagePath(
  kind: AssetKindName,
  id: number,
  version: string,
  width?: number,
): string {
  const query = `v=${encodeURIComponent(version)}${width === undefined ? '' : `&w=${width}`}`;
  return `/api/assets/${assetIdOf(kind, id)}?${query}`;
}
