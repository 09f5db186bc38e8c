import { type AssetKindName, assetImagePath, imageWidths } from '@lanparty/contract/rules';

/** An image's `src` and `srcset`: every width the server serves it at, for the browser to pick. */
export type ImageSources = { src: string; srcSet: string };

/**
 * The addresses of an uploaded image (an avatar, a banner) at its version: each width it is
 * served at (`srcset`, with `w` descriptors for the `sizes` the caller gives), and the
 * image as kept (`src`, for a browser that reads no srcset). The server knows the format
 * from Accept (AVIF, WebP), and these addresses never change their picture: a new upload
 * has a new version, so no question is asked before showing one.
 */
export function imageSourcesOf(kind: AssetKindName, id: number, version: string): ImageSources {
  return {
    src: assetImagePath(kind, id, version),
    srcSet: imageWidths[kind]
      .map((width) => `${assetImagePath(kind, id, version, width)} ${width}w`)
      .join(', '),
  };
}
