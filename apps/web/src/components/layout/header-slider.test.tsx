import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeaderSlider } from './header-slider.tsx';

describe('HeaderSlider', () => {
  it('stacks three decorative images, hidden from assistive technology', () => {
    render(<HeaderSlider />);
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
});
