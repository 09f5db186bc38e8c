import { useEffect, useState } from 'react';
import { artSources } from '../../assets/raster-art.ts';
import { pauseWhenOffScreen } from '../../lib/pause-when-off-screen.ts';
import styles from './header-slider.module.css';

const SLIDES = (['slide-screens', 'slide-desks', 'slide-keys'] as const).map(artSources);

// As wide as the page, and never narrower than the slider's height (6.5rem at least) times
// the pictures' 6.4: they cover the slider.
const SLIDE_SIZES = 'max(100vw, 41.6rem)';

// The second and third pictures first show 7 s and 15 s in: they download 4 s in, not beside
// the page's own reads and pictures (about 29 KB a phone's network gives the page first),
// and never under reduced motion, which shows the first picture alone.
export const LATER_SLIDES_AFTER_MS = 4_000;

function useLaterSlides() {
  const [isTime, setTime] = useState(false);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setTimeout(() => setTime(true), LATER_SLIDES_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return isTime;
}

/**
 * Three images cross-fading on a 24 s cycle, each 8 s after the one before (CSS only).
 * Decorative, so hidden from assistive technology; still under reduced motion, paused while
 * scrolled out of view.
 */
export function HeaderSlider() {
  const showsLaterSlides = useLaterSlides();
  return (
    <div
      className={styles.slider}
      aria-hidden="true"
      data-testid="header-slider"
      ref={pauseWhenOffScreen}
    >
      {SLIDES.map((sources, index) => (
        <img
          key={sources.src}
          className={styles.slide}
          {...(index === 0 || showsLaterSlides ? sources : {})}
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
