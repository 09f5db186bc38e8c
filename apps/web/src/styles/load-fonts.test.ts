import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { siteFonts, startLoadingFonts, startLoadingFontsAfterPaint } from './load-fonts.ts';

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

describe('startLoadingFontsAfterPaint', () => {
  it('asks for the fonts only after the next frame has been painted', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const load = vi.fn((_font: string) => Promise.resolve([]));
    // jsdom has no font loading API: the page's document.fonts, for this test.
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
    try {
      startLoadingFontsAfterPaint();
      expect(load).not.toHaveBeenCalled();
      for (const frame of frames) frame(0);
      expect(load).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(load).toHaveBeenCalledTimes(siteFonts.length);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(document, 'fonts');
    }
  });
});
