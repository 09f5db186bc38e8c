import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problemResponse, stubFetch } from '../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../testing/render-app.tsx';

const administrator = buildViewer({ roles: ['LanAdministrator', 'MemberAdministrator'] });
const notFound = () =>
  problemResponse(404, { title: 'Not Found', detail: 'There is no such thing.' });

/*
 * Issue 32: a detail screen of something that does not exist says so, without "Try again"
 * (a 404 is the answer, not a failure to retry), and leads on; it stays at its address.
 */
describe('a detail screen of something that does not exist', () => {
  it.each([
    ['/admin/lans/99999', 'Lan not found', 'Lan 99999 does not exist.', 'All lans'],
    ['/admin/lans/abc', 'Lan not found', 'Lan abc does not exist.', 'All lans'],
    ['/admin/users/99999', 'User not found', 'User 99999 does not exist.', 'All users'],
    ['/admin/users/0', 'User not found', 'User 0 does not exist.', 'All users'],
  ])('%s says "%s" once', async (path, heading, sentence, back) => {
    const { requests } = stubFetch({
      'GET /api/lans/99999': notFound,
      'GET /api/lans/99999/participants': notFound,
      'GET /api/lans/99999/messages': notFound,
      'GET /api/users/99999': notFound,
    });
    const { router } = renderApp(path, { viewer: administrator });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(sentence);
    const links = within(screen.getByRole('navigation', { name: 'Where to go from here' }));
    expect(links.getByRole('link', { name: back })).toBeInTheDocument();
    expect(links.getByRole('link', { name: 'Upcoming lans' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    // Only an id is asked for: abc and 0 name nothing.
    const isId = /\/[1-9]\d*$/.test(path);
    const apiPath = path.replace('/admin', '/api');
    expect(requests.some((request) => request.url.pathname === apiPath)).toBe(isId);
  });

  it('the door of a lan that does not exist says it was not found, with no Try again', async () => {
    stubFetch({
      'GET /api/lans/99999': notFound,
      'GET /api/lans/99999/participants': notFound,
    });
    renderApp('/admin/lans/99999/check-in', { viewer: administrator });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The participants could not be loaded.');
    expect(alert).toHaveTextContent('There is no such thing.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
