/*
 * The site's drawings as WebP pictures at the widths they are shown at (raster/, drawn from
 * the SVG drawings beside this file by `npm run art`, scripts/web-art.ts, whose list these
 * widths follow). An SVG image is a page of its own that Chromium sets up on the main
 * thread, 13–47 ms apiece on the benchmark machine; a picture is decoded off it (decision
 * 031). Every address here is in the first screen's script: few widths, no more.
 */

import lanBannerPlaceholder720 from './raster/lan-banner-placeholder-720.webp';
import lanBannerPlaceholder1600 from './raster/lan-banner-placeholder-1600.webp';
import logo350 from './raster/logo-350.webp';
import logo525 from './raster/logo-525.webp';
import logoMark48 from './raster/logo-mark-48.webp';
import logoMark96 from './raster/logo-mark-96.webp';
import slideDesks1280 from './raster/slide-desks-1280.webp';
import slideDesks2560 from './raster/slide-desks-2560.webp';
import slideKeys1280 from './raster/slide-keys-1280.webp';
import slideKeys2560 from './raster/slide-keys-2560.webp';
import slideScreens1280 from './raster/slide-screens-1280.webp';
import slideScreens2560 from './raster/slide-screens-2560.webp';

const art = {
  'slide-screens': [
    [1280, slideScreens1280],
    [2560, slideScreens2560],
  ],
  'slide-desks': [
    [1280, slideDesks1280],
    [2560, slideDesks2560],
  ],
  'slide-keys': [
    [1280, slideKeys1280],
    [2560, slideKeys2560],
  ],
  'lan-banner-placeholder': [
    [720, lanBannerPlaceholder720],
    [1600, lanBannerPlaceholder1600],
  ],
  logo: [
    [350, logo350],
    [525, logo525],
  ],
  'logo-mark': [
    [48, logoMark48],
    [96, logoMark96],
  ],
} as const;

export type ArtName = keyof typeof art;

/** A drawing's `srcset` (each width it is drawn at) and `src` (the narrowest). */
export function artSources(name: ArtName): { src: string; srcSet: string } {
  const pictures = art[name];
  return {
    src: pictures[0][1],
    srcSet: pictures.map(([width, url]) => `${url} ${width}w`).join(', '),
  };
}
