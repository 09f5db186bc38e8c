import type { Lan } from '@lanparty/contract';
import { preload } from 'react-dom';
import { bannerSizes, bannerSources } from './lan-banner.tsx';

/**
 * Starts fetching a lan's banner as its page will show it (`bannerSizes.page`), as soon as
 * the lan's read answers: the page's largest picture, otherwise asked for only once the
 * signed-in app has rendered the lan.
 */
export function preloadPageBanner(lan: Pick<Lan, 'id' | 'bannerVersion'>): void {
  const { src, srcSet } = bannerSources(lan);
  preload(src, {
    as: 'image',
    imageSrcSet: srcSet,
    imageSizes: bannerSizes.page,
    fetchPriority: 'high',
  });
}
