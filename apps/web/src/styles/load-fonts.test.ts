import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSiteFonts, showSiteFontsOnceShown, siteFaces } from './load-fonts.ts';

const themeCss = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
/** The family a font stack of theme.css names first. */
const firstFamilyOf = (stack: string) =>
  new RegExp(`${stack}:\\s*"([^"]+)"`).exec(themeCss)?.[1] ?? `no ${stack} in theme.css`;

/** A FontFace as the test's browser has it: each load is the test's to settle. */
class FakeFontFace {
  static made: FakeFontFace[] = [];
  readonly loading = Promise.withResolvers<FakeFontFace>();
  readonly family: string;
  readonly source: string;
  readonly descriptors: FontFaceDescriptors;
  constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
    this.family = family;
    this.source = source;
    this.descriptors = descriptors;
    FakeFontFace.made.push(this);
  }
  load() {
    return this.loading.promise;
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
let fonts: { add: ReturnType<typeof vi.fn> };
beforeEach(() => {
  FakeFontFace.made = [];
  fonts = { add: vi.fn() };
  vi.stubGlobal('FontFace', FakeFontFace);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('showSiteFonts', () => {
  it('loads the families theme.css names first in its stacks, in woff2, shown at once when there', async () => {
    showSiteFonts(fonts as unknown as FontFaceSet);
    await settled();
    expect(FakeFontFace.made.map(({ family }) => family)).toEqual([
      firstFamilyOf('--font-text'),
      firstFamilyOf('--font-display'),
    ]);
    for (const face of FakeFontFace.made) {
      expect(face.source).toMatch(/^url\(\S+\.woff2\) format\("woff2"\)$/);
      expect(face.descriptors.display).toBe('swap');
    }
    // Headings are bold in the display font.
    const [lightest, boldest] = siteFaces[1].weight.split(' ').map(Number);
    expect(lightest).toBeLessThanOrEqual(700);
    expect(boldest).toBeGreaterThanOrEqual(700);
  });

  it('adds the fonts to the page only once every one of them has loaded, together', async () => {
    showSiteFonts(fonts as unknown as FontFaceSet);
    await settled();
    const [text, display] = FakeFontFace.made;
    text?.loading.resolve(text);
    await settled();
    expect(fonts.add).not.toHaveBeenCalled();
    display?.loading.resolve(display);
    await settled();
    expect(fonts.add.mock.calls).toEqual([[text], [display]]);
  });

  it('leaves the system fonts, quietly, when a font cannot be fetched', async () => {
    const unhandled: unknown[] = [];
    const noteUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', noteUnhandled);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      showSiteFonts(fonts as unknown as FontFaceSet);
      await settled();
      const [text, display] = FakeFontFace.made;
      text?.loading.resolve(text);
      display?.loading.reject(new Error('network down'));
      // Long enough for a rejection nobody handled to be reported.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      expect(fonts.add).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', noteUnhandled);
      errors.mockRestore();
    }
  });

  it('does nothing where the browser has no font loading API', () => {
    expect(() => showSiteFonts(undefined)).not.toThrow();
    vi.stubGlobal('FontFace', undefined);
    expect(() => showSiteFonts(fonts as unknown as FontFaceSet)).not.toThrow();
  });

  it('keeps the system fonts, quietly, where the browser refuses a face or adding it', async () => {
    const unhandled: unknown[] = [];
    const noteUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', noteUnhandled);
    try {
      vi.stubGlobal('FontFace', function Refused() {
        throw new SyntaxError('bad source');
      });
      expect(() => showSiteFonts(fonts as unknown as FontFaceSet)).not.toThrow();
      vi.stubGlobal('FontFace', FakeFontFace);
      fonts.add.mockImplementation(() => {
        throw new Error('refused');
      });
      showSiteFonts(fonts as unknown as FontFaceSet);
      await settled();
      for (const face of FakeFontFace.made) face.loading.resolve(face);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', noteUnhandled);
    }
  });
});

describe('showSiteFontsOnceShown', () => {
  /** A largest-contentful-paint observer this test feeds. */
  class FakePaintObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    static observers: FakePaintObserver[] = [];
    isObserving = false;
    readonly report: () => void;
    constructor(report: () => void) {
      this.report = report;
      FakePaintObserver.observers.push(this);
    }
    observe() {
      this.isObserving = true;
    }
    disconnect() {
      this.isObserving = false;
    }
    static paint() {
      for (const observer of FakePaintObserver.observers.filter((o) => o.isObserving))
        observer.report();
    }
  }

  const loads = () => FakeFontFace.made.length / siteFaces.length;
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.observers = [];
    // jsdom has no font loading API: the page's document.fonts, for these tests.
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'fonts');
  });

  it('loads the fonts a second after the largest paint, when none larger came since', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    showSiteFontsOnceShown();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(loads()).toBe(0);
    FakePaintObserver.paint(); // the heading
    await vi.advanceTimersByTimeAsync(900);
    FakePaintObserver.paint(); // the banner, larger
    await vi.advanceTimersByTimeAsync(900);
    expect(loads()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(loads()).toBe(1);
    FakePaintObserver.paint();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads()).toBe(1);
  });

  it('loads them five seconds in at the latest, and only once', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    showSiteFontsOnceShown();
    for (let at = 0; at < 5_000; at += 900) {
      FakePaintObserver.paint();
      await vi.advanceTimersByTimeAsync(900);
    }
    expect(loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loads()).toBe(1);
  });

  it('loads them at once where the browser does not report the largest paint', async () => {
    class NoLargestPaint extends FakePaintObserver {
      static override supportedEntryTypes = ['paint', 'resource'];
    }
    vi.stubGlobal('PerformanceObserver', NoLargestPaint);
    showSiteFontsOnceShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(loads()).toBe(1);
    expect(FakePaintObserver.observers).toEqual([]);
    vi.stubGlobal('PerformanceObserver', undefined);
    showSiteFontsOnceShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(loads()).toBe(2);
  });
});
