import type { Clan, ClanRole } from '@lanparty/contract';
import {
  buildClan,
  buildClanMember,
  buildClanSummary,
  buildPage,
  buildUserProfile,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const summary = buildClanSummary({ id: 4 });
const winterLan = {
  id: 7,
  name: 'Winter Lan',
  startDate: '2099-12-04T17:00:00+01:00',
  endDate: '2099-12-06T17:00:00+01:00',
};

/** Pixel Pirates: pixelpete leads, gamer manages seats (and comes to Winter Lan), nova is in. */
function pirates(overrides: Partial<Clan> = {}): Clan {
  return buildClan({
    ...summary,
    creationDate: '2026-01-05T10:00:00Z',
    members: [
      buildClanMember({
        user: { id: 1, nickname: 'pixelpete', avatarVersion: null },
        role: 'leader',
      }),
      buildClanMember({
        user: { id: 2, nickname: 'gamer', avatarVersion: null },
        role: 'seatManager',
        comingLans: [winterLan],
      }),
      buildClanMember({ user: { id: 3, nickname: 'nova', avatarVersion: null }, role: 'member' }),
    ],
    ...overrides,
  });
}

const leader = buildViewer({ id: 1, roles: ['Lanner'], clan: summary });
const member = buildViewer({ id: 3, nickname: 'nova', roles: ['Lanner'], clan: summary });

/**
 * The clan's API as the server answers it, one clan kept between calls: the leader's
 * changes change it. `refuse` answers a method and path with a problem instead.
 */
function stubClanApi(initial: Clan, refuse: Record<string, () => Response> = {}) {
  let clan: Clan | null = initial;
  const body = (request: StubbedRequest) =>
    JSON.parse(String(request.body)) as Record<string, string>;
  const memberPath = (userId: number) => `/api/clans/4/members/${userId}`;
  const roleAnswer = (userId: number) => (request: StubbedRequest) => {
    const role = body(request).role as ClanRole;
    if (!clan) return problemResponse(404);
    clan = {
      ...clan,
      members: clan.members.map((each) => {
        if (each.user.id === userId) return { ...each, role };
        return role === 'leader' && each.role === 'leader'
          ? { ...each, role: 'seatManager' }
          : each;
      }),
    };
    return jsonResponse(clan);
  };
  const removeAnswer = (userId: number) => () => {
    if (clan) clan = { ...clan, members: clan.members.filter((each) => each.user.id !== userId) };
    return emptyResponse(204);
  };
  const answers: Record<string, (request: StubbedRequest) => Response> = {
    'GET /api/clans/4': () => (clan ? jsonResponse(clan) : problemResponse(404)),
    'GET /api/clans': () => jsonResponse(buildPage([])),
    'GET /api/users/me': () => jsonResponse(buildUserProfile({ id: 1, roles: ['Lanner'] })),
    'PUT /api/clans/4': (request) => {
      clan = clan && { ...clan, ...body(request) };
      return jsonResponse(clan);
    },
    'DELETE /api/clans/4': () => {
      clan = null;
      return emptyResponse(204);
    },
    'POST /api/clans/4/code': () => {
      clan = clan && { ...clan, code: 'new-code' };
      return jsonResponse({ code: 'new-code' });
    },
  };
  for (const userId of [1, 2, 3]) {
    answers[`PUT ${memberPath(userId)}`] = roleAnswer(userId);
    answers[`DELETE ${memberPath(userId)}`] = removeAnswer(userId);
  }
  for (const [key, answer] of Object.entries(refuse)) answers[key] = answer;
  const stub = stubFetch(answers);
  const calls = (method: string, path: string) =>
    stub.requests.filter((request) => request.method === method && request.url.pathname === path);
  return { ...stub, calls, body };
}

async function memberCard(nickname: string) {
  const members = await screen.findByRole('region', { name: /^Members/ });
  const heading = await within(members).findByRole('heading', {
    level: 3,
    name: new RegExp(`^${nickname}`),
  });
  return heading.closest('li') as HTMLElement;
}

describe('a clan’s page, as one of its members', () => {
  it('shows the clan, its members leader first with their tags, roles and coming lans', async () => {
    stubClanApi(pirates());
    renderApp('/clans/4', { viewer: member });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pixel Pirates' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pixel Pirates – Lanparty'));
    expect(screen.getByRole('main')).toHaveTextContent('Tag PXP3 memberssince 05 Jan 2026');
    const members = screen.getByRole('region', { name: /^Members/ });
    const nicknames = within(members)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(nicknames).toEqual(['pixelpete PXP', 'gamer PXP', 'nova PXP']);

    const gamer = await memberCard('gamer');
    expect(gamer).toHaveTextContent('Seat manager');
    expect(within(gamer).getByRole('link', { name: 'Winter Lan' })).toHaveAttribute(
      'href',
      '/lans/7',
    );
    expect(gamer).toHaveTextContent('04 Dec 2099');
    expect(await memberCard('pixelpete')).toHaveTextContent('Leader');
    expect(await memberCard('nova')).toHaveTextContent('No coming lans yet.');
  });

  it('offers a member no leader’s controls and no invite link', async () => {
    stubClanApi(pirates());
    renderApp('/clans/4', { viewer: member });
    await memberCard('gamer');
    expect(screen.queryByRole('region', { name: 'Invite link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /seat manager/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Name, tag and colour' })).not.toBeInTheDocument();
  });

  it('lets a member leave, asked first, and goes to the clans', async () => {
    const { calls } = stubClanApi(pirates());
    const { user, router } = renderApp('/clans/4', { viewer: member });
    await user.click(await screen.findByRole('button', { name: 'Leave Pixel Pirates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Pixel Pirates?' });
    expect(dialog).toHaveTextContent('To come back, you need the clan’s invite link again.');
    expect(calls('DELETE', '/api/clans/4/members/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clans'));
    expect(calls('DELETE', '/api/clans/4/members/3')).toHaveLength(1);
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).getByText('You left Pixel Pirates.')).toBeVisible();
  });

  it('tells a leader who leaves first to hand over, with the server’s words', async () => {
    const refusal =
      'The leader hands the clan over to another member before leaving, or disbands it.';
    stubClanApi(pirates({ code: 'abc123' }), {
      'DELETE /api/clans/4/members/1': () =>
        problemResponse(409, { title: 'Conflict', detail: refusal }),
    });
    const { user, router } = renderApp('/clans/4', { viewer: leader });
    expect(
      await screen.findByText(
        'As its leader, hand the clan over to another member before you leave, or disband it.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave Pixel Pirates' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `You are still in Pixel Pirates: ${refusal}`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clans/4');
  });

  it('tells the last member that leaving disbands the clan', async () => {
    stubClanApi(pirates({ members: pirates().members.slice(0, 1), code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    await user.click(await screen.findByRole('button', { name: 'Leave Pixel Pirates' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'You are its last member: leaving disbands the clan.',
    );
  });
});

describe('a clan’s page, as its leader', () => {
  it('shows the whole invite link and copies it', async () => {
    stubClanApi(pirates({ code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    const invite = await screen.findByRole('region', { name: 'Invite link' });
    const url = `${window.location.origin}/clans/4/join/abc123`;
    expect(within(invite).getByLabelText('Link')).toHaveValue(url);
    await user.click(within(invite).getByRole('button', { name: 'Copy link' }));

    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(invite).getByRole('status')).toHaveTextContent('The link is copied.');
  });

  it('makes a new link after asking, which ends the old one', async () => {
    const { calls } = stubClanApi(pirates({ code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    const invite = await screen.findByRole('region', { name: 'Invite link' });
    await user.click(within(invite).getByRole('button', { name: 'Make a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new invite link?' });
    expect(dialog).toHaveTextContent('The link you have now stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));

    await waitFor(() =>
      expect(within(invite).getByLabelText('Link')).toHaveValue(
        `${window.location.origin}/clans/4/join/new-code`,
      ),
    );
    expect(calls('POST', '/api/clans/4/code')).toHaveLength(1);
    expect(within(invite).getByRole('status')).toHaveTextContent(
      'A new link is made: the old one no longer works.',
    );
  });

  it('makes a member a seat manager and a seat manager a plain member, at once', async () => {
    const { calls, body } = stubClanApi(pirates({ code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    const nova = await memberCard('nova');
    await user.click(within(nova).getByRole('button', { name: 'Make seat manager (nova)' }));
    await waitFor(() => expect(nova).toHaveTextContent('Seat manager'));
    expect(screen.getByText('nova is a seat manager now.')).toBeInTheDocument();

    const gamer = await memberCard('gamer');
    await user.click(within(gamer).getByRole('button', { name: 'Make plain member (gamer)' }));
    await waitFor(() => expect(within(gamer).getByText('Member')).toBeInTheDocument());
    expect(calls('PUT', '/api/clans/4/members/3').map(body)).toEqual([{ role: 'seatManager' }]);
    expect(calls('PUT', '/api/clans/4/members/2').map(body)).toEqual([{ role: 'member' }]);
    // The leader has no buttons of their own in the list.
    const pete = await memberCard('pixelpete');
    expect(within(pete).queryByRole('button')).not.toBeInTheDocument();
  });

  it('removes a member after asking, and changes nothing on Cancel', async () => {
    const { calls } = stubClanApi(pirates({ code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    const nova = await memberCard('nova');
    await user.click(within(nova).getByRole('button', { name: 'Remove nova' }));
    const asked = await screen.findByRole('dialog', { name: 'Remove nova from Pixel Pirates?' });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE', '/api/clans/4/members/3')).toHaveLength(0);

    await user.click(within(nova).getByRole('button', { name: 'Remove nova' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: /^nova/ })).not.toBeInTheDocument(),
    );
    expect(calls('DELETE', '/api/clans/4/members/3')).toHaveLength(1);
    expect(screen.getByText('nova is no longer in Pixel Pirates.')).toBeInTheDocument();
  });

  it('hands the clan over after asking: the new leader runs it', async () => {
    const { calls, body } = stubClanApi(pirates({ code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    const gamer = await memberCard('gamer');
    await user.click(within(gamer).getByRole('button', { name: 'Make leader (gamer)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand Pixel Pirates over to gamer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    expect(await screen.findByText('gamer leads Pixel Pirates now.')).toBeInTheDocument();
    expect(calls('PUT', '/api/clans/4/members/2').map(body)).toEqual([{ role: 'leader' }]);
    await waitFor(() => expect(gamer).toHaveTextContent('Leader'));
  });

  it('says why a change of role was refused', async () => {
    stubClanApi(pirates({ code: 'abc123' }), {
      'PUT /api/clans/4/members/3': () =>
        problemResponse(403, { title: 'Forbidden', detail: 'Only the clan’s leader can do this.' }),
    });
    const { user } = renderApp('/clans/4', { viewer: leader });
    const nova = await memberCard('nova');
    await user.click(within(nova).getByRole('button', { name: 'Make seat manager (nova)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'nova’s role is unchanged: Only the clan’s leader can do this.',
    );
  });

  it('renames, retags and recolours the clan', async () => {
    const { calls, body } = stubClanApi(pirates({ code: 'abc123' }));
    const { user } = renderApp('/clans/4', { viewer: leader });
    const form = await screen.findByRole('form', { name: 'Name, tag and colour' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Pixel Pirates');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Pixel Privateers');
    await user.clear(within(form).getByLabelText('Tag'));
    await user.type(within(form).getByLabelText('Tag'), 'PPV');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pixel Privateers' }),
    ).toBeInTheDocument();
    expect(calls('PUT', '/api/clans/4').map(body)).toEqual([
      { name: 'Pixel Privateers', tag: 'PPV', colour: '#1e6fd9' },
    ]);
    expect(within(form).getByRole('status')).toHaveTextContent('Saved.');
  });

  it('disbands the clan after asking, and goes to the clans', async () => {
    const { calls } = stubClanApi(pirates({ code: 'abc123' }));
    const { user, router } = renderApp('/clans/4', { viewer: leader });
    await user.click(await screen.findByRole('button', { name: 'Disband Pixel Pirates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disband Pixel Pirates?' });
    expect(dialog).toHaveTextContent(
      'Its 3 members are in no clan afterwards. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disband' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clans'));
    expect(calls('DELETE', '/api/clans/4')).toHaveLength(1);
    // The clan is not asked for again: it would answer 404 to the page leaving it.
    expect(calls('GET', '/api/clans/4')).toHaveLength(1);
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(within(notifications).getByText('Pixel Pirates is disbanded.')).toBeVisible();
  });
});

describe('a clan’s page, for someone not in it', () => {
  it('tells a lanner in no clan how to join', async () => {
    stubClanApi(pirates());
    renderApp('/clans/4', { viewer: buildViewer({ id: 9, roles: ['Lanner'] }) });
    expect(
      await screen.findByText('Want to join? Ask pixelpete for the clan’s invite link.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Leave/ })).not.toBeInTheDocument();
  });

  it('says a clan that does not exist was not found, without Try again', async () => {
    stubFetch({ 'GET /api/clans/99': () => problemResponse(404, { title: 'Not Found' }) });
    renderApp('/clans/99', { viewer: leader });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clan not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(
      'Clan 99 does not exist: it may have been disbanded.',
    );
    const links = within(screen.getByRole('navigation', { name: 'Where to go from here' }));
    expect(links.getByRole('link', { name: 'All clans' })).toHaveAttribute('href', '/clans');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says an address that names no clan was not found, asking nothing', async () => {
    const { requests } = stubFetch({});
    renderApp('/clans/abc', { viewer: leader });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clan not found' }),
    ).toBeInTheDocument();
    expect(requests.filter(({ url }) => url.pathname.startsWith('/api/clans'))).toEqual([]);
  });

  it('says what failed when the clan cannot be loaded, with Try again', async () => {
    stubFetch({
      'GET /api/clans/4': () => problemResponse(500, { title: 'Internal Server Error' }),
    });
    renderApp('/clans/4', { viewer: leader });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This clan could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
