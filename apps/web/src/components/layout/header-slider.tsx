import slideDesksUrl from '../../assets/slide-desks.svg';
import slideKeysUrl from '../../assets/slide-keys.svg';
import slideScreensUrl from '../../assets/slide-screens.svg';
import { pauseWhenOffScreen } from '../../lib/pause-when-off-screen.ts';
import styles from './header-slider.module.css';

const SLIDES = [slideScreensUrl, slideDesksUrl, slideKeysUrl];

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
      {SLIDES.map((src) => (
        <img key={src} className={styles.slide} src={src} alt="" width="1280" height="200" />
      ))}
    </div>
  );
}
