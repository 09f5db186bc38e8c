import { buildPage } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signUpsKeys } from '../../lib/users/list-sign-ups.ts';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../testing/render-app.tsx';

async function findNavigation(name: 'Main' | 'User') {
  return screen.findByRole('navigation', { name });
}

describe('navigation by role', () => {
  it('shows a visitor Lans and Lanners only, and no user navigation', async () => {
    renderApp('/lans/upcoming');
    const main = await findNavigation('Main');
    expect(within(main).getByRole('link', { name: 'Lans' })).toHaveAttribute(
      'href',
      '/lans/upcoming',
    );
    expect(within(main).getByRole('link', { name: 'Lanners' })).toHaveAttribute('href', '/lanners');
    expect(within(main).queryByRole('link', { name: 'Stats' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows a lanner Stats and a profile link with their nickname, but no Admin', async () => {
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: ['Lanner'], nickname: 'nova' }) });
    const main = await findNavigation('Main');
    expect(within(main).getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/stats');
    const user = await findNavigation('User');
    expect(within(user).getByRole('link', { name: 'nova' })).toHaveAttribute('href', '/profile');
    expect(within(user).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  // Spec §6: the profile link is shown for Lanner; others reach their profile through the
  // notices that send them there (issue 50 §1, withdrawing decision 037's departure).
  it.each([
    ['a member', ['Member']],
    ['a new account without roles', []],
    ['a lan administrator', ['LanAdministrator']],
    ['a member administrator', ['MemberAdministrator']],
  ] as const)('shows %s, who is no lanner, no profile link', async (_who, roles) => {
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: [...roles], nickname: 'zoe' }) });
    const user = await findNavigation('User');
    expect(within(user).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(user).queryByRole('link', { name: 'zoe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'zoe' })).not.toBeInTheDocument();
  });

  it('leaves a non-lanner the way to their profile that the notices give, and the profile works', async () => {
    stubFetch({
      'GET /api/lans': () => jsonResponse(buildPage([])),
      'GET /api/users/me/playtime-status': () =>
        jsonResponse({
          isCollecting: false,
          hasSteamId: false,
          isGameDetailsPrivate: false,
          gamesCheckedAt: null,
          showsOnScreens: true,
        }),
      'GET /api/users/5/history': () =>
        jsonResponse({
          attendedCount: 0,
          attended: [],
          firstLan: null,
          currentStreak: 0,
          longestStreak: 0,
          badges: [],
        }),
      'GET /api/users/me/consents': () =>
        jsonResponse({
          steamPlaytime: {
            given: null,
            decidedAt: null,
            wordingVersion: null,
            wording: 'Record my Steam playtime',
            currentWordingVersion: 1,
            needsAnswer: false,
          },
        }),
    });
    const { user } = renderApp('/lans/upcoming', {
      viewer: buildViewer({ id: 5, roles: [], nickname: 'zoe', city: null }),
    });
    const notifications = await screen.findByRole('status', { name: 'Notifications' });
    await user.click(within(notifications).getByRole('link', { name: 'Complete your profile' }));
    const form = await screen.findByRole('form', { name: 'Personal Information' });
    expect(within(form).getByLabelText('Nickname')).toHaveValue('zoe');
    expect(screen.getByRole('heading', { level: 1, name: 'Zoe' })).toBeInTheDocument();
  });

  it.each(['LanAdministrator', 'MemberAdministrator'] as const)(
    'shows a %s the Admin link to /admin/lans, but no Stats',
    async (role) => {
      renderApp('/lans/upcoming', { viewer: buildViewer({ roles: [role] }) });
      const user = await findNavigation('User');
      expect(within(user).getByRole('link', { name: 'Admin' })).toHaveAttribute(
        'href',
        '/admin/lans',
      );
      expect(screen.queryByRole('link', { name: 'Stats' })).not.toBeInTheDocument();
    },
  );

  // Decision 019: a SystemAdministrator passes every role check on both sides, and the
  // server answers its stats calls, so the demo `admin` sees Stats and the profile link.
  it('shows a system administrator without other roles Stats, Admin and the profile link', async () => {
    renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['SystemAdministrator'], nickname: 'admin' }),
    });
    const main = await findNavigation('Main');
    expect(within(main).getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/stats');
    const user = await findNavigation('User');
    const names = within(user)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Admin', 'Notices', 'admin', 'Sign out']);
  });

  it('marks the current section', async () => {
    renderApp('/lans/archive');
    const main = await findNavigation('Main');
    expect(within(main).getByRole('link', { name: 'Lans' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Lanners' })).not.toHaveAttribute('aria-current');
  });
});

describe('sign-ups waiting, on the Admin link', () => {
  /** Answers the count; `signUpRequests` are the calls for it (the page asks for lans too). */
  function stubSignUpCount(total: number) {
    const { requests } = stubFetch({
      'GET /api/sign-ups': () => jsonResponse(buildPage([], { limit: 1, total })),
    });
    return {
      signUpRequests: () => requests.filter((request) => request.url.pathname === '/api/sign-ups'),
    };
  }

  it.each(['MemberAdministrator', 'SystemAdministrator'] as const)(
    'shows a %s how many wait, counted from a page of one',
    async (role) => {
      const { signUpRequests } = stubSignUpCount(3);
      renderApp('/lans/upcoming', { viewer: buildViewer({ roles: [role] }) });
      const user = await findNavigation('User');
      const admin = await within(user).findByRole('link', { name: 'Admin, 3 sign-ups waiting' });
      expect(admin).toHaveAttribute('href', '/admin/lans');
      expect(signUpRequests()[0]?.url.searchParams.get('limit')).toBe('1');
    },
  );

  it('says one sign-up in the singular, and shows no count when nobody waits', async () => {
    stubSignUpCount(1);
    const { unmount } = renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['MemberAdministrator'] }),
    });
    expect(
      await screen.findByRole('link', { name: 'Admin, 1 sign-up waiting' }),
    ).toBeInTheDocument();
    unmount();

    stubSignUpCount(0);
    const { queryClient } = renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['MemberAdministrator'] }),
    });
    const countKey = signUpsKeys.page({ offset: 0, limit: 1 });
    await waitFor(() => expect(queryClient.getQueryState(countKey)?.status).toBe('success'));
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('asks nothing for a lan administrator, who cannot verify lanners', async () => {
    const { signUpRequests } = stubSignUpCount(3);
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: ['LanAdministrator'] }) });
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(signUpRequests()).toHaveLength(0);
  });
});

describe('signing out', () => {
  it('offers everyone signed in a Sign out button, even without roles', async () => {
    renderApp('/lans/upcoming', { viewer: buildViewer({ roles: [] }) });
    const user = await findNavigation('User');
    expect(within(user).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(user).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('ends the session at the identity provider when pressed', async () => {
    const { user, session } = renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['Lanner'] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('shows an administrator who is a lanner Admin, the profile link and Sign out', async () => {
    renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['Lanner', 'SystemAdministrator'], nickname: 'root' }),
    });
    const user = await findNavigation('User');
    const names = within(user)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Admin', 'Notices', 'root', 'Sign out']);
  });
});

describe('menu drawer', () => {
  it('is controlled by a Menu button that says whether it is open', async () => {
    const { user } = renderApp('/lans/upcoming');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(menu).toContainElement(await findNavigation('Main'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('data-open', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link in it is followed', async () => {
    const { user, router } = renderApp('/lans/upcoming');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Lanners' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lanners'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on any navigation, even to the page already shown', async () => {
    const { user, router } = renderApp('/lans/upcoming');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Lans' }));
    expect(router.state.location.pathname).toBe('/lans/upcoming');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await router.navigate('/changelog');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('closes on Escape and gives focus back to the Menu button', async () => {
    const { user } = renderApp('/lans/upcoming');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.tab();
    expect(toggle).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('the bell: Notices in the header, with how many are new', () => {
  it('counts the new ones in the link’s name, follows each read again (what a notice event does), and leads to the list', async () => {
    const notice = (id: number, seen: boolean) => ({
      id,
      kind: 'status',
      text: `Notice ${id}`,
      link: null,
      createdAt: '2026-12-06T18:04:00+01:00',
      seen,
    });
    let unseen = 2;
    stubFetch({
      'GET /api/users/me/notices': () =>
        jsonResponse({ items: [notice(3, false), notice(2, false), notice(1, true)], unseen }),
    });
    const { queryClient } = renderApp('/lans/upcoming', {
      viewer: buildViewer({ roles: ['Lanner'], nickname: 'nova' }),
    });
    await queryClient.invalidateQueries({ queryKey: ['notices'] });
    const user = await findNavigation('User');
    const bell = await within(user).findByRole('link', { name: 'Notices, 2 new' });
    expect(bell).toHaveAttribute('href', '/notices');
    // On a phone the bell is in the drawer: the Menu button carries the count too.
    expect(screen.getByRole('button', { name: 'Menu, 2 new notices' })).toBeInTheDocument();
    unseen = 1;
    await queryClient.invalidateQueries({ queryKey: ['notices'] });
    expect(await within(user).findByRole('link', { name: 'Notices, 1 new' })).toBe(bell);
    expect(screen.getByRole('button', { name: 'Menu, 1 new notice' })).toBeInTheDocument();
    unseen = 0;
    await queryClient.invalidateQueries({ queryKey: ['notices'] });
    expect(await within(user).findByRole('link', { name: 'Notices' })).toBe(bell);
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('is not there for a visitor', async () => {
    renderApp('/lans/upcoming');
    await findNavigation('Main');
    expect(screen.queryByRole('link', { name: /^Notices/ })).not.toBeInTheDocument();
  });
});
