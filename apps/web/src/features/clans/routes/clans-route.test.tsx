import type { Clan } from '@lanparty/contract';
import {
  buildClan,
  buildClanListItem,
  buildClanSummary,
  buildPage,
  buildUserProfile,
} from '@lanparty/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lanner = buildViewer({ id: 1, roles: ['Lanner'] });

const clans = [
  buildClanListItem({ id: 1, name: 'Lag Legends', tag: 'LAG', colour: '#b5177d', memberCount: 1 }),
  buildClanListItem({ id: 2, name: 'Pixel Pirates', tag: 'PXP', colour: '#1e6fd9' }),
];

/** GET /api/clans answers `items` whatever the page, with the total given. */
const answerClans =
  (items = clans, total = items.length) =>
  (request: StubbedRequest) =>
    jsonResponse(
      buildPage(items, {
        offset: Number(request.url.searchParams.get('offset')),
        limit: Number(request.url.searchParams.get('limit')),
        total,
      }),
    );

describe('the clans page', () => {
  it('lists every clan with its tag, name (a link to it), colour and member count', async () => {
    stubFetch({ 'GET /api/clans': answerClans() });
    renderApp('/clans', { viewer: lanner });

    expect(await screen.findByRole('heading', { level: 1, name: 'Clans' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Clans – Lanparty'));
    const list = screen.getByRole('region', { name: 'All clans' });
    const pirates = await within(list).findByRole('article', { name: 'Pixel Pirates' });
    expect(within(pirates).getByRole('link', { name: 'Pixel Pirates' })).toHaveAttribute(
      'href',
      '/clans/2',
    );
    expect(pirates).toHaveTextContent('PXP');
    expect(pirates).toHaveTextContent('3 members');
    const legends = within(list).getByRole('article', { name: 'Lag Legends' });
    expect(legends).toHaveTextContent('LAG');
    expect(legends).toHaveTextContent('1 member');
    // The colour is a swatch beside the tag in words, hidden from assistive technology.
    const swatch = legends.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(swatch.style.background).toBe('rgb(181, 23, 125)');
  });

  it('pages twenty at a time, the page in the address', async () => {
    const { requests } = stubFetch({ 'GET /api/clans': answerClans(clans, 25) });
    const { user, router } = renderApp('/clans', { viewer: lanner });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(
        requests.some(
          ({ url }) =>
            url.searchParams.get('offset') === '20' && url.searchParams.get('limit') === '20',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says so when there are no clans, and how to start one', async () => {
    stubFetch({ 'GET /api/clans': answerClans([]) });
    renderApp('/clans', { viewer: lanner });
    expect(
      await screen.findByText('There are no clans yet. Be the first: create one.'),
    ).toBeInTheDocument();
  });

  it('says what failed when the clans cannot be loaded', async () => {
    stubFetch({ 'GET /api/clans': () => problemResponse(500, { title: 'Internal Server Error' }) });
    renderApp('/clans', { viewer: lanner });
    expect(await screen.findByRole('alert')).toHaveTextContent('The clans could not be loaded.');
  });

  it('shows a viewer in a clan theirs instead of the form', async () => {
    stubFetch({ 'GET /api/clans': answerClans() });
    renderApp('/clans', {
      viewer: buildViewer({ id: 1, roles: ['Lanner'], clan: buildClanSummary({ id: 2 }) }),
    });
    await screen.findByRole('article', { name: 'Pixel Pirates' });
    expect(screen.getByText(/You are in/)).toHaveTextContent('You are in Pixel Pirates.');
    expect(screen.queryByRole('form', { name: 'New clan' })).not.toBeInTheDocument();
  });

  it('offers no form to someone who is no lanner or member', async () => {
    stubFetch({ 'GET /api/clans': answerClans() });
    renderApp('/clans', { viewer: buildViewer({ id: 1, roles: [] }) });
    await screen.findByRole('article', { name: 'Pixel Pirates' });
    expect(screen.queryByRole('form', { name: 'New clan' })).not.toBeInTheDocument();
  });
});

describe('creating a clan', () => {
  /** The POST /api/clans bodies, parsed. */
  const bodies = (requests: StubbedRequest[]) =>
    requests
      .filter(({ method, url }) => method === 'POST' && url.pathname === '/api/clans')
      .map(({ body }) => JSON.parse(String(body)) as unknown);

  it('checks the fields as the server does, before sending anything', async () => {
    const { requests } = stubFetch({ 'GET /api/clans': answerClans() });
    const { user } = renderApp('/clans', { viewer: lanner });
    const form = await screen.findByRole('form', { name: 'New clan' });
    await user.type(within(form).getByLabelText('Tag'), 'X');
    await user.clear(within(form).getByLabelText('Colour'));
    await user.type(within(form).getByLabelText('Colour'), 'blue');
    await user.click(within(form).getByRole('button', { name: 'Create clan' }));

    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Tag must be at least 2 characters long')).toBeInTheDocument();
    expect(within(form).getByText('Colour must be a colour like #1e90ff')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies(requests)).toEqual([]);
  });

  it('shows the server’s refusal of a taken name and tag on their fields', async () => {
    stubFetch({
      'GET /api/clans': answerClans(),
      'POST /api/clans': () =>
        problemResponse(409, {
          title: 'Conflict',
          detail:
            'There is already a clan named Pixel Pirates. The tag PXP is taken by Pixel Pirates.',
          errors: {
            name: ['There is already a clan named Pixel Pirates'],
            tag: ['The tag PXP is taken by Pixel Pirates'],
          },
        }),
    });
    const { user } = renderApp('/clans', { viewer: lanner });
    const form = await screen.findByRole('form', { name: 'New clan' });
    await user.type(within(form).getByLabelText('Name'), 'pixel pirates');
    await user.type(within(form).getByLabelText('Tag'), 'pxp');
    await user.click(within(form).getByRole('button', { name: 'Create clan' }));

    expect(
      await within(form).findByText('There is already a clan named Pixel Pirates'),
    ).toBeInTheDocument();
    expect(within(form).getByText('The tag PXP is taken by Pixel Pirates')).toBeInTheDocument();
    // Every message found its field: no alert besides.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why when the server refuses without a field (in a clan already)', async () => {
    stubFetch({
      'GET /api/clans': answerClans(),
      'POST /api/clans': () =>
        problemResponse(409, {
          title: 'Conflict',
          detail: 'You are in Lag Legends already: leave it before you join or create another.',
        }),
    });
    const { user } = renderApp('/clans', { viewer: lanner });
    const form = await screen.findByRole('form', { name: 'New clan' });
    await user.type(within(form).getByLabelText('Name'), 'Frag Force');
    await user.type(within(form).getByLabelText('Tag'), 'FF');
    await user.click(within(form).getByRole('button', { name: 'Create clan' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The clan could not be created: You are in Lag Legends already: leave it before you join or create another.',
    );
  });

  it('creates the clan, with the picked colour, and opens its page', async () => {
    let created: Clan | undefined;
    const { requests } = stubFetch({
      'GET /api/clans': answerClans(),
      'POST /api/clans': (request) => {
        const body = JSON.parse(String(request.body)) as Pick<Clan, 'name' | 'tag' | 'colour'>;
        created = buildClan({ ...body, id: 9, code: 'secret-code' });
        return jsonResponse(created, 201);
      },
      'GET /api/clans/9': () => jsonResponse(created),
      'GET /api/users/me': () =>
        jsonResponse(buildUserProfile({ id: 1, roles: ['Lanner'], clan: created ?? null })),
    });
    const { user, router } = renderApp('/clans', { viewer: lanner });
    const form = await screen.findByRole('form', { name: 'New clan' });
    await user.type(within(form).getByLabelText('Name'), '  Frag Force ');
    await user.type(within(form).getByLabelText('Tag'), 'FF');
    // The browser's colour picker is a native dialog: its choice arrives as an input event.
    fireEvent.input(within(form).getByLabelText('Pick the colour'), {
      target: { value: '#22aa44' },
    });
    expect(within(form).getByLabelText('Colour')).toHaveValue('#22aa44');
    await user.click(within(form).getByRole('button', { name: 'Create clan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clans/9'));
    expect(bodies(requests)).toEqual([{ name: 'Frag Force', tag: 'FF', colour: '#22aa44' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Frag Force' })).toBeVisible();
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(
      within(notifications).getByText('Frag Force is created: send your friends its invite link.'),
    ).toBeVisible();
  });

  it('previews the tag beside the viewer’s nickname, in the picked colour', async () => {
    stubFetch({ 'GET /api/clans': answerClans() });
    const { user } = renderApp('/clans', { viewer: lanner });
    const form = await screen.findByRole('form', { name: 'New clan' });
    await user.type(within(form).getByLabelText('Tag'), 'FF');
    await user.clear(within(form).getByLabelText('Colour'));
    await user.type(within(form).getByLabelText('Colour'), '#22AA44');

    const preview = within(form).getByText('FF', { selector: '.clan-tag' });
    expect(preview.style.borderColor).toBe('rgb(34, 170, 68)');
    expect(preview.parentElement).toHaveTextContent('pixelpete FF');
    expect(within(form).getByLabelText('Pick the colour')).toHaveValue('#22aa44');
  });
});
