import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { releases } from '../releases.ts';

describe('ChangelogRoute', () => {
  it('lists every release with its version as a heading and its changes', async () => {
    renderApp('/changelog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Changelog' })).toBeInTheDocument();
    const versions = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(versions).toEqual(releases.map((release) => release.version));

    for (const release of releases) {
      const article = screen.getByRole('article', { name: release.version });
      const items = within(article)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(items).toEqual(release.changes);
    }
  });

  it('shows release dates as dd MMM yyyy', async () => {
    renderApp('/changelog');
    const newest = await screen.findByRole('article', { name: '2025.1.1' });
    expect(within(newest).getByText('08 Mar 2025')).toHaveAttribute('datetime', '2025-03-08');
  });

  it('titles the page', async () => {
    renderApp('/changelog');
    await screen.findByRole('heading', { level: 1, name: 'Changelog' });
    await waitFor(() => expect(document.title).toBe('Changelog – Lanparty'));
  });
});
