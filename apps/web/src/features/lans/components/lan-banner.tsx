import type { Lan } from '@lanparty/contract';
import placeholder from '../../../assets/lan-banner-placeholder.svg';
import { imageSourcesOf } from '../../../lib/assets/asset-images.ts';
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
const snowflakes = Array.from({ length: SNOWFLAKE_COUNT }, () => ({
  x: random() * 300,
  y: random() * 100,
  r: 0.15 + random() * 0.45,
  duration: 6 + random() * 10,
  delay: -random() * 16,
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

/**
 * The lan's banner image — its upload when its `bannerVersion` says there is one (nothing
 * is asked first), at the width shown; otherwise our placeholder — under 200 falling
 * snowflakes: one SVG animated by CSS, with no script loop; they stand still under
 * prefers-reduced-motion. The box is 3:1 whatever arrives, so nothing moves.
 */
export function LanBanner({ lan, sizes, withSnow = false, isLazy = false }: LanBannerProps) {
  const sources =
    lan.bannerVersion === null
      ? { src: placeholder }
      : { ...imageSourcesOf('lan', lan.id, lan.bannerVersion), sizes };
  return (
    <div className={styles.banner}>
      <img
        className={styles.image}
        {...sources}
        alt=""
        width={1200}
        height={400}
        loading={isLazy ? 'lazy' : undefined}
        decoding="async"
      />
      {withSnow ? (
        <svg
          className={styles.snow}
          viewBox="0 0 300 100"
          preserveAspectRatio="xMidYMid slice"
          aria-hidden="true"
          data-testid="snowflakes"
        >
          {snowflakes.map((flake, index) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
              key={index}
              cx={flake.x}
              cy={flake.y}
              r={flake.r}
              style={{ animationDuration: `${flake.duration}s`, animationDelay: `${flake.delay}s` }}
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}
