import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import spaceGroteskUrl from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url';

/**
 * The site's fonts, self-hosted, latin only (the site is en-US): the body font and the
 * display font, by the family theme.css names first in its stacks, the weights each covers.
 * Declared here rather than as @font-face: a browser fetches a declared font as soon as it
 * lays out text in it, beside the app's script and the page's own reads.
 */
export const siteFaces = [
  { family: 'Inter Variable', url: interUrl, weight: '100 900' },
  { family: 'Space Grotesk Variable', url: spaceGroteskUrl, weight: '300 700' },
] as const;

/**
 * Downloads the site's fonts, then adds them to the page's together: the page is laid out
 * again once, in them. Until then, and for good when one cannot be fetched (nothing to
 * report), the text shows in the system's fonts that follow in the stacks.
 */
export function showSiteFonts(fonts: FontFaceSet | undefined = globalThis.document?.fonts) {
  if (!fonts || !globalThis.FontFace) return;
  // In a promise from the first step: a browser refusing a face throws nowhere near the start.
  Promise.resolve()
    .then(async () => {
      const faces = siteFaces.map(
        ({ family, url, weight }) =>
          new FontFace(family, `url(${url}) format("woff2")`, { weight, display: 'swap' }),
      );
      await Promise.all(faces.map((face) => face.load()));
      for (const face of faces) fonts.add(face);
    })
    .catch(() => undefined);
}

/** How long after the page's largest picture or text showed, with nothing larger since. */
const quietMs = 1_000;
/** The fonts come at the latest this long after the start, whatever the page still shows. */
const latestMs = 5_000;

/**
 * `showSiteFonts` once the page has shown its content: a second after its largest
 * contentful paint with none larger since, five seconds in at the latest. Their 72 KB (a
 * third of a first visit's bytes on a phone's network) then never delay the app's script,
 * the page's reads or its banner (decision 054). Where the browser does not report that
 * paint, they are asked for at once. `then` runs at the same moment (what else waits for
 * the page to show: the service worker's registration).
 */
export function showSiteFontsOnceShown(then?: () => void): void {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    showSiteFonts();
    then?.();
    return;
  }
  const latest = setTimeout(show, latestMs);
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const observer = new PerformanceObserver(() => {
    clearTimeout(quiet);
    quiet = setTimeout(show, quietMs);
  });
  function show() {
    clearTimeout(latest);
    clearTimeout(quiet);
    observer.disconnect();
    showSiteFonts();
    then?.();
  }
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
