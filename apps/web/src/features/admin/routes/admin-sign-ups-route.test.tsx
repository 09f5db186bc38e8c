import type { Role, SignUp } from '@lanparty/contract';
import { buildPage, buildSignUp, buildUserProfile } from '@lanparty/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { UNDO_MS } from './admin-sign-ups-route.tsx';

afterEach(() => vi.useRealTimers());

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

/** Two sign-ups, newbie (a Member) and other; the member administrator makes newbie a lanner. */
async function makeNewbieALanner() {
  const { requests } = stubSignUps([
    buildSignUp({ id: 5, nickname: 'newbie', roles: ['Member'] }),
    buildSignUp({ id: 6, nickname: 'other' }),
  ]);
  const { user } = renderApp('/admin/sign-ups', { viewer: memberAdmin });
  await screen.findByRole('link', { name: 'newbie' });
  await user.click(within(rowOf('newbie')).getByRole('button', { name: 'Make lanner newbie' }));
  return { requests, user };
}

describe('the sign-ups awaiting verification', () => {
  it('lists each sign-up with its date and what it has done, newest first as served', async () => {
    const { requests } = stubSignUps([
      buildSignUp({ id: 6, nickname: 'latest', emailVerified: false }),
      buildSignUp({
        id: 5,
        nickname: 'earlier',
        isProfileComplete: false,
        missingProfileFields: ['city'],
      }),
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
    expect(latestEmail).toHaveTextContent('Not verified');
    expect(latestProfile).toHaveTextContent('Yes');
    const [earlierEmail, earlierProfile] = within(rowOf('earlier'))
      .getAllByRole('cell')
      .slice(1, 3);
    expect(earlierEmail).toHaveTextContent('Yes');
    expect(earlierProfile).toHaveTextContent('Missing city');

    const [list] = listRequests(requests);
    expect(list?.url.searchParams.get('offset')).toBe('0');
    expect(list?.url.searchParams.get('limit')).toBe('20');
  });

  it('makes a sign-up a lanner with one click, keeping their roles, and reads the list again', async () => {
    const { requests } = await makeNewbieALanner();

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

  it('says in the row what is missing, and reads it out with the buttons', async () => {
    stubSignUps([
      buildSignUp({
        id: 5,
        nickname: 'halfway',
        email: 'halfway@example.com',
        emailVerified: false,
        isProfileComplete: false,
        missingProfileFields: ['firstName', 'city', 'birthDate'],
      }),
      buildSignUp({
        id: 6,
        nickname: 'nothing',
        email: null,
        emailVerified: false,
        isProfileComplete: false,
        missingProfileFields: ['email', 'surname'],
      }),
      buildSignUp({ id: 7, nickname: 'ready' }),
    ]);
    renderApp('/admin/sign-ups', { viewer: memberAdmin });
    await screen.findByRole('link', { name: 'halfway' });
    const [email, profile] = within(rowOf('halfway')).getAllByRole('cell').slice(1, 3);
    expect(email).toHaveTextContent('Not verified');
    expect(profile).toHaveTextContent('Missing first name, city and birth date');
    expect(
      within(rowOf('halfway')).getByRole('button', { name: 'Make lanner halfway' }),
    ).toHaveAccessibleDescription(
      'Missing: e-mail not verified; first name, city and birth date empty.',
    );
    expect(within(rowOf('nothing')).getAllByRole('cell')[1]).toHaveTextContent('No e-mail');
    expect(within(rowOf('nothing')).getAllByRole('cell')[2]).toHaveTextContent('Missing surname');
    expect(
      within(rowOf('nothing')).getByRole('button', { name: 'Make member nothing' }),
    ).toHaveAccessibleDescription('Missing: no e-mail address; surname empty.');
    expect(
      within(rowOf('ready')).getByRole('button', { name: 'Make lanner ready' }),
    ).toHaveAccessibleDescription('Ready.');
  });

  it('offers an Undo after making a lanner, which gives back the roles they had', async () => {
    const { requests, user } = await makeNewbieALanner();
    const undo = await screen.findByRole('button', { name: 'Undo making newbie a lanner' });
    // The row has gone: the focus waits on the Undo, beside the words.
    expect(undo).toHaveFocus();
    expect(undo.closest('[role="status"]')).toHaveTextContent('newbie is now a lanner.');

    await user.click(undo);
    expect(await screen.findByText('newbie is no longer a lanner.')).toBeInTheDocument();
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((put) => JSON.parse(String(put.body)))).toEqual([
      { roles: ['Member', 'Lanner'] },
      { roles: ['Member'] },
    ]);
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  it('says when the Undo failed, and offers it again', async () => {
    let puts = 0;
    stubFetch({
      'GET /api/sign-ups': () =>
        jsonResponse(buildPage([buildSignUp({ id: 5, nickname: 'newbie' })])),
      'PUT /api/users/5': () => {
        puts += 1;
        return puts === 1
          ? jsonResponse(buildUserProfile({ id: 5, nickname: 'newbie', roles: ['Lanner'] }))
          : problemResponse(503, { detail: 'The site is busy.' });
      },
    });
    const { user } = renderApp('/admin/sign-ups', { viewer: memberAdmin });
    await user.click(await screen.findByRole('button', { name: 'Make lanner newbie' }));
    await user.click(await screen.findByRole('button', { name: 'Undo making newbie a lanner' }));
    expect(
      await screen.findByText(/newbie is still a lanner: the undo failed/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo making newbie a lanner' })).toBeEnabled();
  });

  it('takes the Undo away after a few seconds, keeping the words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubSignUps([buildSignUp({ id: 5, nickname: 'newbie' })]);
    const { user } = renderApp('/admin/sign-ups', {
      viewer: memberAdmin,
      advanceTimers: (ms) => {
        vi.advanceTimersByTime(ms);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Make lanner newbie' }));
    const status = (await screen.findByRole('button', { name: /Undo/ })).closest('[role="status"]');
    await act(async () => {
      vi.advanceTimersByTime(UNDO_MS);
    });
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
    expect(status).toHaveTextContent('newbie is now a lanner.');
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
