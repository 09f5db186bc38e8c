import { buildPage, buildUserPublic } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const everyone = [
  buildUserPublic({ id: 1, nickname: 'alpha', roles: ['Lanner'] }),
  buildUserPublic({ id: 2, nickname: 'alphonse', roles: [] }),
  buildUserPublic({ id: 3, nickname: 'bravo', roles: ['Member'] }),
];

const admin = buildViewer({ roles: ['MemberAdministrator'] });

describe('the users screen', () => {
  it('is linked from the admin navigation next to Lans', async () => {
    stubFetch({ 'GET /api/users': () => jsonResponse(buildPage(everyone)) });
    renderApp('/admin/users', { viewer: buildViewer({ roles: ['SystemAdministrator'] }) });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Lans' })).toHaveAttribute('href', '/admin/lans');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
  });

  it('sends a member administrator from the lans to the users, without a Lans link', async () => {
    stubFetch({ 'GET /api/users': () => jsonResponse(buildPage(everyone)) });
    const { router } = renderApp('/admin/lans', { viewer: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Lans' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('hides the Users link from a lan administrator', async () => {
    renderApp('/admin/lans', { viewer: buildViewer({ roles: ['LanAdministrator'] }) });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('lists every user, links each to their page, and searches by nickname', async () => {
    stubFetch({ 'GET /api/users': () => jsonResponse(buildPage(everyone)) });
    const { user } = renderApp('/admin/users', { viewer: admin });
    expect(await screen.findByRole('link', { name: 'bravo' })).toHaveAttribute(
      'href',
      '/admin/users/3',
    );
    expect(screen.getByText('3 users')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by nickname'), 'ALPH');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'bravo' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'alpha' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'alphonse' })).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('finds a nickname whatever its accents, as the door’s search does', async () => {
    stubFetch({
      'GET /api/users': () =>
        jsonResponse(buildPage([...everyone, buildUserPublic({ id: 4, nickname: 'Zoë_99' })])),
    });
    const { user } = renderApp('/admin/users', { viewer: admin });
    await screen.findByRole('link', { name: 'bravo' });
    await user.type(screen.getByLabelText('Search by nickname'), 'zoe');
    expect(await screen.findByRole('link', { name: 'Zoë_99' })).toBeInTheDocument();
    expect(screen.getByText('1 user')).toBeInTheDocument();
  });

  it('filters by role on the server', async () => {
    const { requests } = stubFetch({
      'GET /api/users': (request) =>
        jsonResponse(
          buildPage(
            request.url.searchParams.get('roles') === 'Member'
              ? everyone.filter((one) => one.roles.includes('Member'))
              : everyone,
          ),
        ),
    });
    const { user } = renderApp('/admin/users', { viewer: admin });
    await screen.findByRole('link', { name: 'alpha' });
    await user.selectOptions(screen.getByLabelText('Role'), 'Member');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'alpha' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'bravo' })).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('roles')).toBe('Member');
  });

  it('pages through many users twenty at a time', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      buildUserPublic({ id: index + 1, nickname: `user${String(index).padStart(2, '0')}` }),
    );
    stubFetch({ 'GET /api/users': () => jsonResponse(buildPage(many)) });
    const { user } = renderApp('/admin/users', { viewer: admin });
    await screen.findByRole('link', { name: 'user00' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'user20' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'user20' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });
});
