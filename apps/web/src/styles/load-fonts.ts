/**
 * The fonts fonts.css declares, as `document.fonts.load` takes them: the body font and the
 * display font (bold, as headings use it).
 */
export const siteFonts = ['1em "Inter Variable"', '700 1em "Space Grotesk Variable"'] as const;

/**
 * Starts downloading the site's fonts as the app starts. A browser fetches a font only when
 * it first lays out text in it, and the starting screens show a heading alone: the body font
 * arrived after the first page was laid out, and the whole page was laid out again for it
 * (about 50 ms of blocked main thread on a phone, issue 14). Asked for here, it comes while
 * the sign-in's requests are under way and the network is otherwise idle.
 */
export function startLoadingFonts(fonts: FontFaceSet | undefined = globalThis.document?.fonts) {
  if (!fonts) return;
  for (const font of siteFonts) {
    // A font that cannot be fetched leaves the fallback in place; nothing to report.
    fonts.load(font).catch(() => undefined);
  }
}

/**
 * `startLoadingFonts` once the starting screen has shown something (its first contentful
 * paint): that paint never waits for them, and the page after it finds them there. Asked
 * for after the first frame instead, they sometimes came before that paint, which then
 * waited for them on a slow phone network (Lighthouse: first paint 1.7 → 2.2 s). Where the
 * browser does not report paints, they are asked for at once.
 */
export function startLoadingFontsOnceShown(): void {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    startLoadingFonts();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startLoadingFonts();
  });
  observer.observe({ type: 'paint', buffered: true });
}
