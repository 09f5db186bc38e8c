import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/reload-page.ts';
import { buildViewer, renderApp } from '../testing/render-app.tsx';
import { isDownloadFailure } from './route-error.tsx';

vi.mock('../lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

// The stats section's chunk cannot be downloaded, as when the site was redeployed under
// an open tab or the connection dropped.
// (The failure comes when the route reads the module: an import that rejects reaches the
// router wrapped in the test runner's own error.)
vi.mock('../features/stats/routes/stats-routes.ts', () => ({
  get StatsLayout() {
    throw new TypeError(
      'Failed to fetch dynamically imported module: https://lan.example/assets/stats.js',
    );
  },
}));

describe('a screen that cannot be shown', () => {
  it('says what failed, offers Try again, and keeps the navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/stats/leader-board', {
      viewer: buildViewer({ roles: ['Member'] }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the site could not be downloaded. It is fetched again as soon as the site answers; check your connection.',
    );
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Lanners' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('isDownloadFailure', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://lan.example/assets/stats.js',
    'error loading dynamically imported module: https://lan.example/assets/stats.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/stats.css',
  ])('knows "%s" as a download failure', (message) => {
    expect(isDownloadFailure(new TypeError(message))).toBe(true);
  });

  it('takes any other error for a screen that failed', () => {
    expect(isDownloadFailure(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDownloadFailure('a string')).toBe(false);
  });
});
