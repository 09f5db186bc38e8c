import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteFonts, startLoadingFonts, startLoadingFontsOnceShown } from './load-fonts.ts';

const fontsCss = readFileSync(path.join(import.meta.dirname, 'fonts.css'), 'utf8');
/** Each @font-face of fonts.css: its family and the weights it covers. */
const declaredFaces = [...fontsCss.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
  const family = /font-family:\s*"([^"]+)"/.exec(body)?.[1];
  const [lightest, boldest = lightest] = (/font-weight:\s*([\d\s]+);/.exec(body)?.[1] ?? '400')
    .trim()
    .split(/\s+/)
    .map(Number);
  return { family, lightest, boldest };
});

/** The family and weight a `document.fonts.load` argument names (CSS font shorthand). */
const facesAsked = (calls: unknown[][]) =>
  calls.map(([font]) => {
    const [, weight = 'normal', family] = /^(?:(\S+) )?[\d.]+(?:em|px) "([^"]+)"$/.exec(
      String(font),
    ) ?? [undefined, undefined, String(font)];
    return { family, weight: weight === 'normal' ? 400 : weight === 'bold' ? 700 : Number(weight) };
  });

describe('startLoadingFonts', () => {
  it('asks for every font fonts.css declares, by the family it declares, in a weight it has', () => {
    const load = vi.fn((_font: string) => Promise.resolve([]));
    startLoadingFonts({ load } as unknown as FontFaceSet);
    const asked = facesAsked(load.mock.calls);
    expect(declaredFaces.length).toBeGreaterThan(0);
    expect(asked.map(({ family }) => family).sort()).toEqual(
      declaredFaces.map(({ family }) => family).sort(),
    );
    for (const { family, weight } of asked) {
      const face = declaredFaces.find((declared) => declared.family === family);
      expect(weight, family).toBeGreaterThanOrEqual(face?.lightest ?? Number.NaN);
      expect(weight, family).toBeLessThanOrEqual(face?.boldest ?? Number.NaN);
    }
  });

  it('lets a font that cannot be fetched fail quietly', async () => {
    const unhandled: unknown[] = [];
    const noteUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', noteUnhandled);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const load = vi.fn(() => Promise.reject(new Error('network down')));
      expect(() => startLoadingFonts({ load } as unknown as FontFaceSet)).not.toThrow();
      expect(load).toHaveBeenCalledTimes(siteFonts.length);
      // Long enough for a rejection nobody handled to be reported.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', noteUnhandled);
      errors.mockRestore();
    }
  });

  it('does nothing where the browser has no font loading API', () => {
    expect(() => startLoadingFonts(undefined)).not.toThrow();
  });
});

describe('startLoadingFontsOnceShown', () => {
  /** A paint timing observer this test feeds; `supportedEntryTypes` as the browser's. */
  class FakePaintObserver {
    static supportedEntryTypes = ['paint'];
    static observers: FakePaintObserver[] = [];
    isObserving = false;
    readonly report: (entries: { getEntriesByName: (name: string) => unknown[] }) => void;
    constructor(report: FakePaintObserver['report']) {
      this.report = report;
      FakePaintObserver.observers.push(this);
    }
    observe() {
      this.isObserving = true;
    }
    disconnect() {
      this.isObserving = false;
    }
    static paint(name: string) {
      for (const observer of FakePaintObserver.observers.filter((o) => o.isObserving)) {
        observer.report({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
      }
    }
  }

  let load: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    FakePaintObserver.observers = [];
    load = vi.fn((_font: string) => Promise.resolve([]));
    // jsdom has no font loading API: the page's document.fonts, for these tests.
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'fonts');
  });

  it('asks for the fonts once the first contentful paint is reported, and only once', () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    startLoadingFontsOnceShown();
    FakePaintObserver.paint('first-paint');
    expect(load).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-contentful-paint');
    expect(load).toHaveBeenCalledTimes(siteFonts.length);
    FakePaintObserver.paint('first-contentful-paint');
    expect(load).toHaveBeenCalledTimes(siteFonts.length);
  });

  it('asks for them at once where the browser reports no paints', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    startLoadingFontsOnceShown();
    expect(load).toHaveBeenCalledTimes(siteFonts.length);
  });

  it('asks for them at once where the browser observes performance but not paints', () => {
    class NoPaintObserver extends FakePaintObserver {
      static override supportedEntryTypes = ['navigation', 'resource'];
    }
    vi.stubGlobal('PerformanceObserver', NoPaintObserver);
    startLoadingFontsOnceShown();
    expect(load).toHaveBeenCalledTimes(siteFonts.length);
    expect(FakePaintObserver.observers).toEqual([]);
  });
});
