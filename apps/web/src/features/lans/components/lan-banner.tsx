import { assetIdOf } from '@lanparty/contract/rules';
import placeholder from '../../../assets/lan-banner-placeholder.svg';
import { assetImageUrl, useAssetVersion } from '../../../lib/assets/get-asset-version.ts';
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
 * The lan's banner image (its asset, or our placeholder on 404) under 200 falling
 * snowflakes: one SVG animated by CSS, with no script loop; they stand still under
 * prefers-reduced-motion.
 */
export function LanBanner({ lanId, withSnow = false }: { lanId: number; withSnow?: boolean }) {
  const assetId = assetIdOf('lan', lanId);
  const version = useAssetVersion(assetId);
  const source = version.data?.exists ? assetImageUrl(assetId, version.data.lastModified) : null;
  return (
    <div className={styles.banner}>
      {version.isPending ? null : (
        <img className={styles.image} src={source ?? placeholder} alt="" />
      )}
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
