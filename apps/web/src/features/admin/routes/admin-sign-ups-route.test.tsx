import type { Role, SignUp } from '@lanparty/contract';
import { buildPage, buildSignUp, buildUserProfile } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type StubbedRequest, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const memberAdmin = buildViewer({ roles: ['MemberAdministrator'] });

/**
 * Answers GET /api/sign-ups from a list the test may change, one page as asked (the
 * header's count asks for a page of one), and PUT /api/users/{id} by dropping the new
 * lanner from that list.
 */
function stubSignUps(initial: SignUp[]) {
  let waiting = initial;
  return stubFetch({
    'GET /api/sign-ups': (request) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const limit = Number(request.url.searchParams.get('limit') ?? 100);
      return jsonResponse(
        buildPage(waiting.slice(offset, offset + limit), { offset, limit, total: waiting.length }),
      );
    },
    ...Object.fromEntries(
      initial.map(({ user }) => [
        `PUT /api/users/${user.id}`,
        (request: StubbedRequest) => {
          const { roles } = JSON.parse(String(request.body)) as { roles: Role[] };
          if (roles.includes('Lanner')) waiting = waiting.filter((one) => one.user.id !== user.id);
          else
            waiting = waiting.map((one) =>
              one.user.id === user.id ? { ...one, user: { ...one.user, roles } } : one,
            );
          return jsonResponse(buildUserProfile({ id: user.id, nickname: user.nickname, roles }));
        },
      ]),
    ),
  });
}

function listRequests(requests: StubbedRequest[]) {
  return requests.filter(
    (request) =>
      request.url.pathname === '/api/sign-ups' && request.url.searchParams.get('limit') !== '1',
  );
}

function rowOf(nickname: string): HTMLElement {
  const row = screen.getByRole('link', { name: nickname }).closest('tr');
  if (!row) throw new Error(`No row for ${nickname}`);
  return row;
}

describe('the sign-ups awaiting verification', () => {
  it('lists each sign-up with its date and what it has done, newest first as served', async () => {
    const { requests } = stubSignUps([
      buildSignUp({ id: 6, nickname: 'latest', emailVerified: false }),
      buildSignUp({ id: 5, nickname: 'earlier', isProfileComplete: false }),
    ]);
    renderApp('/admin/sign-ups', { viewer: memberAdmin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Awaiting verification' }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'latest' });
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('latest');
    expect(second).toHaveTextContent('earlier');
    expect(screen.getByText('2 sign-ups waiting')).toBeInTheDocument();

    const latest = rowOf('latest');
    expect(within(latest).getByRole('link', { name: 'latest' })).toHaveAttribute(
      'href',
      '/admin/users/6',
    );
    expect(within(latest).getByText('03 Feb 2026')).toBeInTheDocument();
    const [latestEmail, latestProfile] = within(latest).getAllByRole('cell').slice(1, 3);
    expect(latestEmail).toHaveTextContent('No');
    expect(latestProfile).toHaveTextContent('Yes');
    const [earlierEmail, earlierProfile] = within(rowOf('earlier'))
      .getAllByRole('cell')
      .slice(1, 3);
    expect(earlierEmail).toHaveTextContent('Yes');
    expect(earlierProfile).toHaveTextContent('No');

    const [list] = listRequests(requests);
    expect(list?.url.searchParams.get('offset')).toBe('0');
    expect(list?.url.searchParams.get('limit')).toBe('20');
  });

  it('makes a sign-up a lanner with one click, keeping their roles, and reads the list again', async () => {
    const { requests } = stubSignUps([
      buildSignUp({ id: 5, nickname: 'newbie', roles: ['Member'] }),
      buildSignUp({ id: 6, nickname: 'other' }),
    ]);
    const { user } = renderApp('/admin/sign-ups', { viewer: memberAdmin });
    await screen.findByRole('link', { name: 'newbie' });
    await user.click(within(rowOf('newbie')).getByRole('button', { name: 'Make lanner newbie' }));

    const put = await waitFor(() => {
      const found = requests.find((request) => request.method === 'PUT');
      if (!found) throw new Error('No PUT yet');
      return found;
    });
    expect(put.url.pathname).toBe('/api/users/5');
    expect(JSON.parse(String(put.body))).toEqual({ roles: ['Member', 'Lanner'] });
    expect(await screen.findByText('newbie is now a lanner.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'newbie' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'other' })).toBeInTheDocument();
    expect(listRequests(requests).length).toBeGreaterThan(1);
  });

  it('makes a sign-up a member, and offers it only to who is not one', async () => {
    const { requests } = stubSignUps([
      buildSignUp({ id: 5, nickname: 'newbie' }),
      buildSignUp({ id: 6, nickname: 'member', roles: ['Member'] }),
    ]);
    const { user } = renderApp('/admin/sign-ups', { viewer: memberAdmin });
    await screen.findByRole('link', { name: 'member' });
    expect(within(rowOf('member')).queryByRole('button', { name: /Make member/ })).toBeNull();

    await user.click(within(rowOf('newbie')).getByRole('button', { name: 'Make member newbie' }));
    expect(await screen.findByText('newbie is now a member.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ roles: ['Member'] });
    await waitFor(() =>
      expect(
        within(rowOf('newbie')).queryByRole('button', { name: /Make member/ }),
      ).not.toBeInTheDocument(),
    );
  });

  it('pages through the sign-ups twenty at a time, on the server', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      buildSignUp({ id: index + 1, nickname: `signup${String(index).padStart(2, '0')}` }),
    );
    const { requests } = stubSignUps(many);
    const { user } = renderApp('/admin/sign-ups', { viewer: memberAdmin });
    await screen.findByRole('link', { name: 'signup00' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'signup20' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'signup20' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(listRequests(requests).at(-1)?.url.searchParams.get('offset')).toBe('20');
  });

  it('says so when nobody is waiting', async () => {
    stubSignUps([]);
    renderApp('/admin/sign-ups', { viewer: memberAdmin });
    expect(
      await screen.findByText('Nobody is waiting. Everyone who signed up is a lanner.'),
    ).toBeInTheDocument();
  });
});

describe('who sees the sign-ups', () => {
  it('links them in the admin navigation for a member administrator', async () => {
    stubSignUps([buildSignUp()]);
    renderApp('/admin/sign-ups', { viewer: memberAdmin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Sign-ups' })).toHaveAttribute(
      'href',
      '/admin/sign-ups',
    );
  });

  it('keeps a lan administrator out, without a link', async () => {
    stubFetch({ 'GET /api/lans': () => jsonResponse(buildPage([])) });
    const { router } = renderApp('/admin/sign-ups', {
      viewer: buildViewer({ roles: ['LanAdministrator'] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    await router.navigate('/admin/lans');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Sign-ups' })).not.toBeInTheDocument();
  });
});
