import type { Lan } from '@lanparty/contract';
import { useId } from 'react';
import { artSources } from '../../../assets/raster-art.ts';
import { imageSourcesOf } from '../../../lib/assets/asset-images.ts';
import { pauseWhenOffScreen } from '../../../lib/pause-when-off-screen.ts';
import styles from './lan-banner.module.css';

/** Spec §9: the banner on a lan draws 200 snowflakes. */
export const SNOWFLAKE_COUNT = 200;

// A fixed pseudo-random sequence: the same flakes on every render and in every test.
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

const random = createRandom(42);

/**
 * The flakes fall in three layers, far to near: the smaller, the slower. A layer is one
 * picture twice the banner's height (its flakes, then the same flakes again below) that
 * slides down by one banner height and starts over. Moving a whole layer is work the
 * browser's compositor does on its own; moving 200 circles one by one redrew the banner
 * on the main thread in every frame.
 *
 * Each layer is one SVG path (a circle is a move and two arcs) drawn twice (`use`): as 200
 * circles (400 with their copies) they were all laid out again with every change anywhere
 * on the page (a font arriving, a ticket appearing); three paths cost next to nothing. Not
 * SVG images either: each is a document of its own, set up on the main thread (about 10 ms
 * apiece on the benchmark machine, issue 14).
 */
const layerSeconds = [16, 11, 7];
type Flake = { x: number; y: number; r: number };
const layerFlakes = layerSeconds.map(() => [] as Flake[]);
for (let index = 0; index < SNOWFLAKE_COUNT; index += 1) {
  const flake = { x: random() * 300, y: random() * 100, r: 0.15 + random() * 0.45 };
  const depth = Math.min(2, Math.floor(((flake.r - 0.15) / 0.45) * 3));
  layerFlakes[depth]?.push(flake);
}

/** A path of circles: for each, a move to its left edge and two half-circle arcs. */
function circlesPath(flakes: Flake[]): string {
  return flakes
    .map(({ x, y, r }) => {
      const [left, top, radius, diameter] = [x - r, y, r, 2 * r].map((n) => n.toFixed(3));
      return `M${left} ${top}a${radius} ${radius} 0 1 0 ${diameter} 0a${radius} ${radius} 0 1 0 -${diameter} 0`;
    })
    .join('');
}

const snowLayers = layerSeconds.map((seconds, depth) => ({
  seconds,
  path: circlesPath(layerFlakes[depth] ?? []),
}));

/**
 * How wide a banner is shown (its card's width), for the browser to pick a width from the
 * srcset: the page is 72rem at most with 1.5rem gutters (1rem on a phone, up to 30rem);
 * the Soon and archive cards stand two abreast from 50rem, 1.25rem apart.
 */
export const bannerSizes = {
  /** The featured lan and a lan's own page: the page's width. */
  page: '(max-width: 30rem) calc(100vw - 2rem), (max-width: 72rem) calc(100vw - 3rem), 69rem',
  /** A card of a two-column grid. */
  half:
    '(max-width: 30rem) calc(100vw - 2rem), (max-width: 50rem) calc(100vw - 3rem), ' +
    '(max-width: 72rem) calc(50vw - 2.125rem), 33.875rem',
} as const;

type LanBannerProps = {
  lan: Pick<Lan, 'id' | 'bannerVersion'>;
  /** How wide it is shown: one of `bannerSizes`. */
  sizes: string;
  withSnow?: boolean;
  /** Below the first screen: fetched only when scrolled near (`loading="lazy"`). */
  isLazy?: boolean;
};

/** The banner's pictures: its upload's widths when it has one, else our placeholder's. */
export function bannerSources(lan: Pick<Lan, 'id' | 'bannerVersion'>) {
  return lan.bannerVersion === null
    ? artSources('lan-banner-placeholder')
    : imageSourcesOf('lan', lan.id, lan.bannerVersion);
}

/**
 * The lan's banner image — its upload when its `bannerVersion` says there is one (nothing
 * is asked first), at the width shown; otherwise our placeholder — under 200 falling
 * snowflakes: three layers animated by CSS, with no script loop; they stand still under
 * prefers-reduced-motion and pause while scrolled out of view. The box is 3:1 whatever arrives, so nothing moves.
 */
export function LanBanner({ lan, sizes, withSnow = false, isLazy = false }: LanBannerProps) {
  const sources = bannerSources(lan);
  return (
    <div className={styles.banner}>
      <img
        className={styles.image}
        {...sources}
        sizes={sizes}
        alt=""
        width={1200}
        height={400}
        loading={isLazy ? 'lazy' : undefined}
        decoding="async"
      />
      {withSnow ? (
        <div
          className={styles.snow}
          aria-hidden="true"
          data-testid="snowflakes"
          ref={pauseWhenOffScreen}
        >
          {snowLayers.map((layer) => (
            <SnowLayer key={layer.seconds} {...layer} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A layer's flakes over one banner height, drawn again (`use`) one banner height lower. */
function SnowLayer({ seconds, path }: { seconds: number; path: string }) {
  const id = useId();
  return (
    <div className={styles.snowLayer} style={{ animationDuration: `${seconds}s` }}>
      <svg viewBox="0 0 300 200" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
        <path id={id} d={path} />
        <use href={`#${id}`} y={100} />
      </svg>
    </div>
  );
}
