/*
 * What the server takes as an upload, apart from asset-rules.ts: only the upload forms
 * use it, so the first screen, which shows images, does not carry it.
 */

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
