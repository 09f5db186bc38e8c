import type { Role } from '@lanparty/contract';
import { buildLan, buildPage } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../testing/render-app.tsx';

/** What a proxy answers while the server is down: no problem details, only a status text. */
const rawServerError = () =>
  new Response('Internal Server Error', {
    status: 500,
    statusText: 'Internal Server Error',
    headers: { 'Content-Type': 'text/plain' },
  });

function failEveryCall() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => rawServerError()),
  );
}

const everyRole: Role[] = ['Lanner', 'Member', 'LanAdministrator', 'MemberAdministrator'];

describe('a screen whose data cannot be loaded', () => {
  it.each([
    ['/lans/upcoming', ['The upcoming lans could not be loaded.']],
    ['/lans/archive', ['The past lans could not be loaded.']],
    ['/lanners', ['The members could not be loaded.', 'The lanners could not be loaded.']],
    ['/profile/personal', ['Your lans could not be loaded.']],
    ['/stats/leader-board', ['The leaderboard could not be loaded.']],
    ['/stats/leader-board/archive', ['The leaderboard months could not be loaded.']],
    ['/stats/rewinds/2024', ['The rewind of 2024 could not be loaded.']],
    ['/admin/lans', ['The lans could not be loaded.', 'The lan defaults could not be loaded.']],
    ['/admin/lans/new', ['The new lan could not be prepared.']],
    ['/admin/lans/1', ['This lan could not be loaded.']],
    ['/admin/lans/1/check-in', ['The participants could not be loaded.']],
    ['/admin/users', ['The users could not be loaded.']],
    ['/admin/users/1', ['This user could not be loaded.']],
    ['/admin/sign-ups', ['The sign-ups could not be loaded.']],
  ])(
    '%s says what failed in words, offers Try again and keeps the navigation',
    async (path, failures) => {
      failEveryCall();
      renderApp(path, { viewer: buildViewer({ roles: everyRole }) });
      for (const failure of failures) {
        const alert = (await screen.findByText(failure)).closest('[role="alert"]') as HTMLElement;
        expect(alert).toHaveTextContent('The server had a problem answering.');
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      }
      expect(screen.queryByText(/Internal Server Error/)).not.toBeInTheDocument();
      const navigation = screen.getByRole('navigation', { name: 'Main' });
      expect(within(navigation).getByRole('link', { name: 'Lans' })).toBeVisible();
    },
  );

  it('loads again on Try again', async () => {
    let isServerUp = false;
    const { requests } = stubFetch({
      'GET /api/lans': () =>
        isServerUp
          ? jsonResponse(buildPage([buildLan({ id: 4, name: 'Old Lan' })]))
          : rawServerError(),
    });
    const { user } = renderApp('/lans/archive');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The past lans could not be loaded.');
    isServerUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Old Lan' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === '/api/lans')).toHaveLength(2);
  });

  it('says when the server cannot be reached at all', async () => {
    stubFetch({
      'GET /api/lans': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/lans/archive');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The past lans could not be loaded. The server could not be reached. Check your connection.',
    );
  });
});
