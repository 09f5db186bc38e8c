import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderSlider, LATER_SLIDES_AFTER_MS } from './header-slider.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sources = () =>
  [...screen.getByTestId('header-slider').querySelectorAll('img')].map((image) =>
    image.getAttribute('src'),
  );

describe('HeaderSlider', () => {
  it('stacks three decorative images, hidden from assistive technology', () => {
    vi.useFakeTimers();
    render(<HeaderSlider />);
    act(() => vi.advanceTimersByTime(LATER_SLIDES_AFTER_MS));
    const slider = screen.getByTestId('header-slider');
    expect(slider).toHaveAttribute('aria-hidden', 'true');
    const images = slider.querySelectorAll('img');
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image).toHaveAttribute('alt', '');
    }
    const sources = new Set([...images].map((image) => image.getAttribute('src')));
    expect(sources.size).toBe(3);
    // Pictures at the width shown, not SVG images (each a page Chromium sets up on the
    // main thread): as wide as the page, never narrower than 6.4 times the slider's height.
    for (const image of images) {
      expect(image.getAttribute('srcset')).toMatch(/-1280\.webp 1280w, .*-2560\.webp 2560w$/);
      expect(image).toHaveAttribute('sizes', 'max(100vw, 41.6rem)');
    }
  });

  it('asks for the second and third pictures only before they show, not with the page', () => {
    vi.useFakeTimers();
    render(<HeaderSlider />);
    expect(sources()[0]).toMatch(/slide-screens-1280\.webp$/);
    expect(sources().slice(1)).toEqual([null, null]);
    act(() => vi.advanceTimersByTime(LATER_SLIDES_AFTER_MS - 1));
    expect(sources().slice(1)).toEqual([null, null]);
    act(() => vi.advanceTimersByTime(1));
    expect(sources().filter(Boolean)).toHaveLength(3);
  });

  it('never asks for them under reduced motion, which shows the first picture alone', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    render(<HeaderSlider />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(sources().filter(Boolean)).toHaveLength(1);
  });
});
