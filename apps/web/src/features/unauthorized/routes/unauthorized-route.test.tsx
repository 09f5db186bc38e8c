import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { pickUnauthorizedImage, unauthorizedImages } from '../unauthorized-images.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('UnauthorizedRoute', () => {
  it('shows the heading and exactly one of the four images', async () => {
    renderApp('/unauthorized');
    const main = await screen.findByRole('main');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
    const images = main.querySelectorAll('img');
    expect(images).toHaveLength(1);
    const shown = images[0];
    expect(unauthorizedImages.map((image) => image.src)).toContain(shown?.getAttribute('src'));
    expect(shown?.getAttribute('alt')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Unauthorized – Lanparty'));
  });

  it('picks the image at random', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    renderApp('/unauthorized');
    const last = unauthorizedImages[3];
    expect(await screen.findByRole('img', { name: last?.alt })).toHaveAttribute('src', last?.src);
  });
});

describe('pickUnauthorizedImage', () => {
  it('can pick each of the four images', () => {
    expect(unauthorizedImages).toHaveLength(4);
    const picked = [0, 0.25, 0.5, 0.75].map((value) => pickUnauthorizedImage(() => value));
    expect(new Set(picked).size).toBe(4);
  });
});
