import type { Clan } from '@lanparty/contract';
import {
  buildClan,
  buildClanMember,
  buildClanSummary,
  buildUserProfile,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const pirates = buildClan({ id: 4, members: [buildClanMember({ role: 'leader' })] });
const joined: Clan = {
  ...pirates,
  members: [
    ...pirates.members,
    buildClanMember({ user: { id: 1, nickname: 'pixelpete', avatarVersion: null } }),
  ],
};
const lanner = buildViewer({ id: 1, roles: ['Lanner'] });
const joinPath = '/clans/4/join/c0de-0f-the-l1nk';

describe('the page an invite link opens', () => {
  it('asks before joining, then joins with the link’s code and opens the clan', async () => {
    let isIn = false;
    const { requests } = stubFetch({
      'GET /api/clans/4': () => jsonResponse(isIn ? joined : pirates),
      'POST /api/clans/4/members': () => {
        isIn = true;
        return jsonResponse(joined);
      },
      'GET /api/users/me': () =>
        jsonResponse(
          buildUserProfile({ id: 1, roles: ['Lanner'], clan: buildClanSummary({ id: 4 }) }),
        ),
      'GET /api/clans': () => jsonResponse({ items: [], offset: 0, limit: 20, total: 0 }),
    });
    const { user, router } = renderApp(joinPath, { viewer: lanner });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Pixel Pirates?' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Join Pixel Pirates – Lanparty'));
    const clan = screen.getByRole('region', { name: 'Pixel Pirates' });
    expect(clan).toHaveTextContent('Tag PXP');
    expect(clan).toHaveTextContent('Led by gamer.');
    expect(requests.filter(({ method }) => method === 'POST')).toHaveLength(0);
    await user.click(within(clan).getByRole('button', { name: 'Join Pixel Pirates' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clans/4'));
    const posts = requests.filter(({ method }) => method === 'POST');
    expect(posts.map(({ body }) => JSON.parse(String(body)))).toEqual([
      { code: 'c0de-0f-the-l1nk' },
    ]);
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).getByText('Welcome to Pixel Pirates!')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'pixelpete PXP' }),
    ).toBeInTheDocument();
  });

  it('says a link that no longer works does not, in the server’s words', async () => {
    const refusal =
      'This invite link does not work (any more): ask the clan’s leader for a new one.';
    stubFetch({
      'GET /api/clans/4': () => jsonResponse(pirates),
      'POST /api/clans/4/members': () =>
        problemResponse(403, { title: 'Forbidden', detail: refusal }),
    });
    const { user, router } = renderApp(joinPath, { viewer: lanner });
    await user.click(await screen.findByRole('button', { name: 'Join Pixel Pirates' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`You did not join: ${refusal}`);
    expect(router.state.location.pathname).toBe(joinPath);
    expect(screen.getByRole('button', { name: 'Join Pixel Pirates' })).toBeEnabled();
  });

  it('says so when the viewer joined a clan meanwhile (409)', async () => {
    const refusal = 'You are in Lag Legends already: leave it before you join or create another.';
    stubFetch({
      'GET /api/clans/4': () => jsonResponse(pirates),
      'POST /api/clans/4/members': () =>
        problemResponse(409, { title: 'Conflict', detail: refusal }),
    });
    const { user } = renderApp(joinPath, { viewer: lanner });
    await user.click(await screen.findByRole('button', { name: 'Join Pixel Pirates' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('offers no Join to someone in another clan, and says why', async () => {
    stubFetch({ 'GET /api/clans/4': () => jsonResponse(pirates) });
    renderApp(joinPath, {
      viewer: buildViewer({
        id: 1,
        roles: ['Lanner'],
        clan: buildClanSummary({ id: 5, name: 'Lag Legends', tag: 'LAG' }),
      }),
    });
    const clan = await screen.findByRole('region', { name: 'Pixel Pirates' });
    expect(clan).toHaveTextContent(
      'You are in Lag Legends already: leave it before you join another clan.',
    );
    expect(within(clan).getByRole('link', { name: 'Lag Legends' })).toHaveAttribute(
      'href',
      '/clans/5',
    );
    expect(within(clan).queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
  });

  it('tells a member of the clan they are in it already', async () => {
    stubFetch({ 'GET /api/clans/4': () => jsonResponse(joined) });
    renderApp(joinPath, {
      viewer: buildViewer({ id: 1, roles: ['Lanner'], clan: buildClanSummary({ id: 4 }) }),
    });
    const clan = await screen.findByRole('region', { name: 'Pixel Pirates' });
    expect(clan).toHaveTextContent('You are in Pixel Pirates already.');
    expect(within(clan).getByRole('link', { name: 'Go to Pixel Pirates' })).toHaveAttribute(
      'href',
      '/clans/4',
    );
    expect(within(clan).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells someone who is no lanner or member why they cannot join yet', async () => {
    stubFetch({ 'GET /api/clans/4': () => jsonResponse(pirates) });
    renderApp(joinPath, { viewer: buildViewer({ id: 1, roles: [] }) });
    const clan = await screen.findByRole('region', { name: 'Pixel Pirates' });
    expect(clan).toHaveTextContent('Only lanners and members can be in a clan.');
    expect(within(clan).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the clan of a link was not found when it is gone', async () => {
    stubFetch({ 'GET /api/clans/4': () => problemResponse(404, { title: 'Not Found' }) });
    renderApp(joinPath, { viewer: lanner });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clan not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('it may have been disbanded');
  });
});
