import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { repositoryRoot } from './web-build.ts';

/**
 * The site's drawings (apps/web/src/assets/*.svg) as pictures (WebP; the favicon PNG) at
 * the widths they are shown at, written into apps/web/src/assets/raster/ and kept in git:
 * `npm run art` after changing a drawing; a test fails while a picture differs from its
 * drawing, or is drawn and shown nowhere (apps/web/src/assets/raster-art.ts, index.html).
 *
 * Why pictures, not the SVG files: Chromium makes each SVG image a page of its own (a
 * document, its style and layout) on the page's main thread, 13–47 ms apiece on the
 * benchmark machine, several after the first paint on every screen (the header's logo and
 * slides, the footer's mark, the banner placeholder). A WebP picture is decoded off the
 * main thread. Decision 031.
 */
export type Artwork = {
  /** The drawing's name: `<name>.svg` in the assets, `<name>-<width>.<format>` in raster/. */
  name: string;
  /** The widths it is drawn at, in pixels. */
  widths: readonly number[];
  /** WebP quality: lossy for the slides' soft light, near-lossless lines; a PNG is lossless. */
  quality: number;
  /** PNG where WebP is not read everywhere (the favicon); WebP otherwise. */
  format?: 'webp' | 'png';
};

export const artworks: readonly Artwork[] = [
  // Few widths each: every picture's address is in the first screen's script (budget 110 KB).
  // The header slides are shown as wide as the page, at least 41.6rem (666 px; their height
  // times 6.4): 1,166 px on a phone of 1.75 pixels to the px.
  { name: 'slide-screens', widths: [1280, 2560], quality: 80 },
  { name: 'slide-desks', widths: [1280, 2560], quality: 80 },
  { name: 'slide-keys', widths: [1280, 2560], quality: 80 },
  // A lan's banner when it has none: 343–1,104 px wide (lan-banner.tsx).
  { name: 'lan-banner-placeholder', widths: [720, 1600], quality: 80 },
  // The logo is shown 153–175 px wide, the mark 24 px (footer) and 48 px (starting screen).
  { name: 'logo', widths: [350, 525], quality: 95 },
  { name: 'logo-mark', widths: [48, 96], quality: 95 },
  // The favicon (index.html): a tab's icon is 16 px, 32 on a sharper screen. As an SVG it
  // was one more page for Chromium to set up on the main thread, after the first paint.
  { name: 'logo-mark', widths: [32], quality: 100, format: 'png' },
];

export const assetsDir = path.join(repositoryRoot, 'apps/web/src/assets');
export const rasterDir = path.join(assetsDir, 'raster');

/** The file name of a drawing's picture at `width`. */
export const rasterNameOf = (artwork: Artwork, width: number) =>
  `${artwork.name}-${width}.${artwork.format ?? 'webp'}`;

/** The drawing at `width` pixels wide as WebP or PNG (the same bytes for the same drawing). */
export async function renderArtwork(artwork: Artwork, width: number): Promise<Buffer> {
  const drawing = readFileSync(path.join(assetsDir, `${artwork.name}.svg`));
  const { width: drawnWidth = width } = await sharp(drawing).metadata();
  // Drawn at the size asked (an SVG's density scales it), not drawn small and enlarged.
  const drawn = sharp(drawing, { density: (72 * width) / drawnWidth }).resize({ width });
  return artwork.format === 'png'
    ? drawn.png({ compressionLevel: 9 }).toBuffer()
    : drawn.webp({ quality: artwork.quality, effort: 6 }).toBuffer();
}

/** Where the installed app's icons go: served as they are, named by the manifest. */
export const appIconsDir = path.join(repositoryRoot, 'apps/web/public/icons');

/** The icon sizes a web app manifest needs to be installable (issue 53): 192 and 512 px. */
export const appIconSizes = [192, 512] as const;

/**
 * The installed app's icon at `size` px: the mark on the site's night blue, in the middle
 * 60 % of the square, so that a launcher's mask (a circle, a squircle) never cuts it
 * (`purpose: "any maskable"` in the manifest).
 */
export async function renderAppIcon(size: number): Promise<Buffer> {
  const mark = await renderArtwork(
    { name: 'logo-mark', widths: [], quality: 100, format: 'png' },
    Math.round(size * 0.6),
  );
  const { height = 0, width = 0 } = await sharp(mark).metadata();
  return sharp({ create: { width: size, height: size, channels: 4, background: '#0a0e1c' } })
    .composite([
      { input: mark, top: Math.round((size - height) / 2), left: Math.round((size - width) / 2) },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

if (import.meta.main) {
  for (const size of appIconSizes) {
    const icon = await renderAppIcon(size);
    writeFileSync(path.join(appIconsDir, `icon-${size}.png`), icon);
    console.info(`icons/icon-${size}.png ${(icon.length / 1024).toFixed(1)} KB`);
  }
  for (const artwork of artworks) {
    for (const width of artwork.widths) {
      const picture = await renderArtwork(artwork, width);
      writeFileSync(path.join(rasterDir, rasterNameOf(artwork, width)), picture);
      console.info(`${rasterNameOf(artwork, width)} ${(picture.length / 1024).toFixed(1)} KB`);
    }
  }
}
