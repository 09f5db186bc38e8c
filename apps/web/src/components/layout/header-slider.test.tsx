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
  });
});
