import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteFonts, startLoadingFonts, startLoadingFontsOnceShown } from './load-fonts.ts';

const fontsCss = readFileSync(path.join(import.meta.dirname, 'fonts.css'), 'utf8');
const declaredFamilies = [...fontsCss.matchAll(/font-family:\s*"([^"]+)"/g)].map(
  (match) => match[1],
);

describe('startLoadingFonts', () => {
  it('asks for every font fonts.css declares, by the family it declares', () => {
    const load = vi.fn((_font: string) => Promise.resolve([]));
    startLoadingFonts({ load } as unknown as FontFaceSet);
    const asked = load.mock.calls.map(([font]: [string]) => /"([^"]+)"/.exec(String(font))?.[1]);
    expect(declaredFamilies).toHaveLength(2);
    expect(asked.sort()).toEqual([...declaredFamilies].sort());
    expect(load).toHaveBeenCalledTimes(siteFonts.length);
  });

  it('lets a font that cannot be fetched fail quietly', async () => {
    const failed = Promise.reject(new Error('network down'));
    const load = vi.fn(() => failed);
    expect(() => startLoadingFonts({ load } as unknown as FontFaceSet)).not.toThrow();
    await expect(failed).rejects.toThrow('network down');
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
});
