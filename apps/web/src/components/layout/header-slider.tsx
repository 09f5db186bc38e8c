import { artSources } from '../../assets/raster-art.ts';
import { pauseWhenOffScreen } from '../../lib/pause-when-off-screen.ts';
import styles from './header-slider.module.css';

const SLIDES = (['slide-screens', 'slide-desks', 'slide-keys'] as const).map(artSources);

// As wide as the page, and never narrower than the slider's height (6.5rem at least) times
// the pictures' 6.4: they cover the slider.
const SLIDE_SIZES = 'max(100vw, 41.6rem)';

/**
 * Three images cross-fading on a 24 s cycle, each 8 s after the one before (CSS only).
 * Decorative, so hidden from assistive technology; still under reduced motion, paused while
 * scrolled out of view.
 */
export function HeaderSlider() {
  return (
    <div
      className={styles.slider}
      aria-hidden="true"
      data-testid="header-slider"
      ref={pauseWhenOffScreen}
    >
      {SLIDES.map((sources) => (
        <img
          key={sources.src}
          className={styles.slide}
          {...sources}
          sizes={SLIDE_SIZES}
          alt=""
          width="1280"
          height="200"
          decoding="async"
        />
      ))}
    </div>
  );
}
