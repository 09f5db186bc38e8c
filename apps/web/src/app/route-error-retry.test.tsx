import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildViewer, renderApp } from '../testing/render-app.tsx';

/** Whether the changelog's chunk can be downloaded: not while the site is down. */
const site = vi.hoisted(() => ({ isDown: true, downloads: 0 }));

// The changelog's chunk, as the browser fetches it: it fails while the site is down.
vi.mock('./../features/changelog/routes/changelog-route.tsx', () => ({
  get ChangelogRoute() {
    site.downloads += 1;
    if (site.isDown) {
      throw new TypeError(
        'Failed to fetch dynamically imported module: https://lan.example/assets/changelog.js',
      );
    }
    return () => <h1>Changelog</h1>;
  },
}));

/*
 * Issue 32: a screen that could not be downloaded during an outage is downloaded again by
 * itself once the site answers, without a click on Try again.
 */
describe('a screen that could not be downloaded', () => {
  it('is downloaded again at once when the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    site.isDown = true;
    site.downloads = 0;
    renderApp('/changelog', { viewer: buildViewer({ roles: ['Lanner'] }) });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    // On a busy machine the first wait (1 s) may already have passed: count from here.
    const downloadsBefore = site.downloads;
    expect(downloadsBefore).toBeGreaterThanOrEqual(1);

    site.isDown = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(site.downloads).toBe(downloadsBefore + 1);
  });

  it('is tried again after a wait until the site answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    site.isDown = true;
    site.downloads = 0;
    renderApp('/changelog', { viewer: buildViewer({ roles: ['Lanner'] }) });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    // The first wait (1 s) passes, and the site is still down: still the failure.
    await vi.waitFor(() => expect(site.downloads).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');

    site.isDown = false;
    const downloadsBefore = site.downloads;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changelog' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(site.downloads).toBe(downloadsBefore + 1);
  });
});
