import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildViewer, renderApp } from '../testing/render-app.tsx';

describe('routes', () => {
  it.each([
    ['/', '/lans/upcoming'],
    ['/no/such/page', '/lans/upcoming'],
    ['/stats/no-such-screen', '/lans/upcoming'],
    ['/stats', '/stats/leader-board'],
    ['/admin', '/admin/lans'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderApp(from, {
      viewer: buildViewer({ roles: ['Lanner', 'LanAdministrator'] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    ['/lans/upcoming', 'Upcoming lans'],
    ['/lans/archive', 'Lan archive'],
    ['/lans/42', 'Lan'],
    ['/lanners', 'Lanners'],
    ['/profile', 'Profile'],
    ['/profile/personal', 'Profile'],
    ['/profile/email-verification/abc123', 'Profile'],
    ['/changelog', 'Changelog'],
    ['/unauthorized', 'Unauthorized'],
    ['/stats/leader-board', 'Leaderboard'],
    ['/stats/leader-board/2024/11', 'Leaderboard'],
    ['/stats/leader-board/archive', 'Leaderboard archive'],
    ['/stats/rewinds/2024', 'Rewind 2024'],
    ['/admin/lans', 'Manage lans'],
  ])('shows %s with the heading and title "%s"', async (path, heading) => {
    // The stats and admin sections are guarded; this viewer may enter both.
    const isGuarded = path.startsWith('/stats') || path.startsWith('/admin');
    renderApp(
      path,
      isGuarded ? { viewer: buildViewer({ roles: ['Member', 'LanAdministrator'] }) } : {},
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} – Lanparty`));
  });

  it('loads the lazy stats section and lands on the leaderboard', async () => {
    const { router } = renderApp('/stats', { viewer: buildViewer({ roles: ['Member'] }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leaderboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/stats/leader-board');
  });

  it('heads the profile with the capitalised nickname of the signed-in user', async () => {
    renderApp('/profile', { viewer: buildViewer({ roles: ['Lanner'], nickname: 'nova' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profile – Lanparty'));
  });

  it('renders the shell landmarks, a skip link and a logo linking home', async () => {
    renderApp('/lans/upcoming');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('link', { name: 'Lanparty' })).toHaveAttribute('href', '/');
  });

  it('moves focus to the main content from the skip link', async () => {
    const { user } = renderApp('/lans/upcoming');
    await user.click(await screen.findByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
