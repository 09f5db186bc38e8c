import { appPaths, isAppPath } from '@lanparty/contract/rules';
import { buildPage } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from '../lib/router/index.tsx';
import { jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../testing/render-app.tsx';
import { routes } from './router.tsx';

describe('routes', () => {
  it.each([
    ['/', '/lans/upcoming'],
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
    ['/clans', 'Clans'],
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

/** The route table's paths from the root: what `appPaths` lists, the any-other `*` aside. */
function tablePaths(table: RouteObject[], parent = '/'): string[] {
  return table.flatMap((route) => {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    const own = route.path !== undefined || route.index ? [path] : [];
    return [...own, ...tablePaths(route.children ?? [], path)];
  });
}

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent === '/' ? '' : parent}/${path}`;

describe('an address the app has no screen at', () => {
  // Spec §2: any other path redirects to lans/upcoming; the notice says what was asked for,
  // as the lan page does for a lan that does not exist (issue 50 §1).
  it.each(['/this-page-does-not-exist', '/stats/no-such-screen', '/admin/lans/7/no-such-screen'])(
    '%s leads to the upcoming lans, saying once that there is no page there',
    async (path) => {
      stubFetch({ 'GET /api/lans': () => jsonResponse(buildPage([])) });
      const { router } = renderApp(path, {
        viewer: buildViewer({ roles: ['Lanner'] }),
        strictMode: true,
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/lans/upcoming'));
      await screen.findByText("No lan-party's are planned");
      const notifications = screen.getByRole('status', { name: 'Notifications' });
      expect(within(notifications).getAllByText(`There is no page at ${path}`)).toHaveLength(1);
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    },
  );

  it('is every address but those the server answers 200 (appPaths), so the two cannot drift', () => {
    const paths = tablePaths(routes).filter((path) => !path.endsWith('*'));
    expect(new Set(paths)).toEqual(new Set(appPaths));
    for (const path of ['/lans/42', '/admin/lans/7/check-in', '/stats/leader-board/2026/13']) {
      expect(isAppPath(path)).toBe(true);
      expect(matchRoutes(routes, path)?.routes.at(-1)?.path).not.toBe('*');
    }
    for (const path of ['/this-page-does-not-exist', '/lans', '/admin/lans/7/edit']) {
      expect(isAppPath(path)).toBe(false);
      expect(matchRoutes(routes, path)?.routes.at(-1)?.path).toBe('*');
    }
  });
});
