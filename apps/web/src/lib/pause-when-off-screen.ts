/**
 * A ref callback that pauses an element's CSS animations while it is scrolled out of view:
 * it sets `data-off-screen`, which the element's styles answer with
 * `animation-play-state: paused`. Without IntersectionObserver (tests) nothing pauses.
 */
export function pauseWhenOffScreen(element: HTMLElement | null): (() => void) | undefined {
  if (!element || typeof IntersectionObserver === 'undefined') return undefined;
  const observer = new IntersectionObserver(([entry]) => {
    element.toggleAttribute('data-off-screen', entry?.isIntersecting === false);
  });
  observer.observe(element);
  return () => observer.disconnect();
}
