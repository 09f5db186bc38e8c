/** The images the server takes: JPEG and PNG, checked by the bytes, up to 5 MB. */
export const imageUploadLimits = {
  maximumBytes: 5 * 1024 * 1024,
  /** Each accepted media type and the extension its asset name ends with. */
  extensions: { 'image/jpeg': 'jpg', 'image/png': 'png' },
} as const;

export type ImageExtension =
  (typeof imageUploadLimits.extensions)[keyof typeof imageUploadLimits.extensions];

/** The extension for an image type the server takes (`image/png` → `png`), else undefined. */
export function imageExtensionOf(mediaType: string): ImageExtension | undefined {
  return Object.hasOwn(imageUploadLimits.extensions, mediaType)
    ? imageUploadLimits.extensions[mediaType as keyof typeof imageUploadLimits.extensions]
    : undefined;
}

/** The kinds of image an asset id names: a user's avatar, a lan's banner. */
export const assetKindNames = ['user', 'lan'] as const;

export type AssetKindName = (typeof assetKindNames)[number];

/** The id an image is kept and served under: `user-7`, `lan-3`. */
export function assetIdOf(kind: AssetKindName, id: number): string {
  return `${kind}-${id}`;
}
