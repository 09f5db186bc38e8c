import { idSchema } from '@lanparty/contract';
import { type AssetKindName, assetIdOf, assetKindNames } from '@lanparty/contract/rules';
import type { ImageBounds } from './image-encoding.ts';

/** An asset id as it appears in a URL or an old file name: `user-7`, `lan-3.png`. */
export type AssetName = {
  kind: AssetKindName;
  id: number;
  /** The canonical id the image is kept under. */
  assetId: string;
  extension: string | undefined;
};

const namePattern = new RegExp(`^(${assetKindNames.join('|')})-([1-9][0-9]{0,9})(?:\\.([a-z]+))?$`);

/**
 * Reads an asset id; undefined for anything else. The number is an id as everywhere in the
 * API — plain decimal digits, no sign or leading zero — so `user-01` and `user-7` are not
 * two names of one image, and `user-+1` names nothing.
 */
export function parseAssetName(text: string): AssetName | undefined {
  const match = namePattern.exec(text);
  const id = idSchema.safeParse(Number(match?.[2]));
  if (!match || !id.success) return undefined;
  const kind = match[1] as AssetKindName;
  return { kind, id: id.data, assetId: assetIdOf(kind, id.data), extension: match[3] };
}

/** The largest size each kind is shown at on the site, so the largest kept. */
export const imageBounds: Record<AssetKindName, ImageBounds> = {
  // Squares and circles (object-fit: cover) of at most 112 CSS px: 256 covers a 2× screen.
  user: { width: 256, height: 256, fit: 'cover' },
  // The page's width at 3:1 (cover). A portrait photo keeps its width up to twice as tall.
  lan: { width: 1600, height: 3200, fit: 'inside' },
  // A floor plan or photo of the hall, under a seat map zoomed in: kept sharp to 2,400 px.
  hall: { width: 2400, height: 2400, fit: 'inside' },
};
