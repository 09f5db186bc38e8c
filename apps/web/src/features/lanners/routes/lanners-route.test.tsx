import { buildClanSummary, buildPage, buildUserPublic } from '@lanparty/contract/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveUpdates } from '../../../lib/live-updates/live-updates.tsx';
import { jsonResponse, type StubbedRequest, stubFetch } from '../../../testing/fetch-stub.ts';
import { stubLiveEvents } from '../../../testing/live-events-stub.ts';
import { buildViewer, createTestQueryClient, renderApp } from '../../../testing/render-app.tsx';

const members = [
  buildUserPublic({
    id: 1,
    nickname: 'alpha',
    roles: ['Lanner', 'Member'],
    stats: { numberOfLans: 12, lastLanOn: null },
  }),
  buildUserPublic({
    id: 2,
    nickname: 'bravo',
    roles: ['Member'],
    stats: { numberOfLans: 1, lastLanOn: null },
  }),
];
const lanners = [
  buildUserPublic({
    id: 3,
    nickname: 'charlie',
    roles: ['Lanner'],
    stats: { numberOfLans: 0, lastLanOn: null },
  }),
];

/** GET /api/users answers by the filter it is asked for. */
function answerUsers(groups: { members: typeof members; lanners: typeof lanners }) {
  return (request: StubbedRequest) => {
    const isMembers = request.url.searchParams.get('roles') === 'Member';
    return jsonResponse(buildPage(isMembers ? groups.members : groups.lanners));
  };
}

describe('the lanners page', () => {
  it('shows members first, then lanners who are not members, as cards', async () => {
    const { requests } = stubFetch({
      'GET /api/users': answerUsers({ members, lanners }),
    });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });

    // The lanners come in below the members once those are shown, never above them.
    await screen.findByRole('region', { name: 'Lanners' });
    const groups = screen.getAllByRole('region', { name: /^(Members|Lanners)$/ });
    expect(
      groups.map((group) => within(group).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Members', 'Lanners']);
    const [memberGroup, lannerGroup] = groups as [HTMLElement, HTMLElement];
    const memberCards = await within(memberGroup).findAllByRole('article');
    expect(memberCards.map((card) => card.getAttribute('aria-label'))).toEqual(['alpha', 'bravo']);
    expect(within(memberCards[0] as HTMLElement).getByText('Visited 12 lans')).toBeInTheDocument();
    expect(within(memberCards[1] as HTMLElement).getByText('Visited 1 lans')).toBeInTheDocument();
    const lannerCard = await within(lannerGroup).findByRole('article', { name: 'charlie' });
    expect(within(lannerCard).getByText('Visited 0 lans')).toBeInTheDocument();

    const queries = requests
      .filter((request) => request.url.pathname === '/api/users')
      .map((request) => Object.fromEntries(request.url.searchParams));
    expect(queries).toContainEqual(
      expect.objectContaining({ roles: 'Member', sort: 'nickname', offset: '0', limit: '100' }),
    );
    expect(queries).toContainEqual(
      expect.objectContaining({ roles: 'Lanner', missingRoles: 'Member', sort: 'nickname' }),
    );
  });

  it('follows a lanner hiding their history in another tab, without a reload', async () => {
    let alphaLans: number | null = 12;
    stubFetch({
      'GET /api/users': (request) =>
        answerUsers({
          members: [
            buildUserPublic({
              ...members[0],
              stats: { numberOfLans: alphaLans, lastLanOn: null },
            }),
            ...members.slice(1),
          ],
          lanners,
        })(request),
    });
    const queryClient = createTestQueryClient();
    const stream = stubLiveEvents();
    render(
      <QueryClientProvider client={queryClient}>
        <LiveUpdates open={stream.open} />
      </QueryClientProvider>,
    );
    renderApp('/lanners', { viewer: buildViewer({ id: 9, roles: ['Lanner'] }), queryClient });
    const alpha = await screen.findByRole('article', { name: 'alpha' });
    expect(within(alpha).getByText('Visited 12 lans')).toBeVisible();

    // alpha hides their history elsewhere: the server tells every stream what anyone sees
    // of alpha changed, and the list reads again.
    alphaLans = null;
    act(() => stream.current().onEvent({ kind: 'lanner', userId: 1 }));
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'alpha' })).queryByText(/Visited/)).toBe(
        null,
      ),
    );
    expect(
      within(screen.getByRole('article', { name: 'bravo' })).getByText('Visited 1 lans'),
    ).toBeVisible();
  });

  it('asks for no avatar it has not been told exists: only the two lists are fetched', async () => {
    const withAvatars = [
      buildUserPublic({ id: 1, nickname: 'alpha', roles: ['Member'], avatarVersion: 'v-alpha' }),
      buildUserPublic({ id: 2, nickname: 'bravo', roles: ['Member'] }),
    ];
    const { fetchMock, requests } = stubFetch({
      'GET /api/users': answerUsers({ members: withAvatars, lanners }),
    });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    const alpha = await screen.findByRole('article', { name: 'alpha' });
    await screen.findByRole('article', { name: 'charlie' });

    // An uploaded avatar: each width it is served at, for the 72 px it is shown at.
    const image = alpha.querySelector('img') as HTMLImageElement;
    expect(image).toHaveAttribute('src', '/api/assets/user-1?v=v-alpha');
    expect(image.getAttribute('srcset')).toBe(
      [64, 128, 192, 256]
        .map((width) => `/api/assets/user-1?v=v-alpha&w=${width} ${width}w`)
        .join(', '),
    );
    expect(image).toHaveAttribute('sizes', '72px');
    expect(image).toHaveAttribute('width', '72');
    expect(image).toHaveAttribute('height', '72');
    expect(image).toHaveAttribute('decoding', 'async');
    // None uploaded: drawn from the nickname, no request.
    for (const name of ['bravo', 'charlie']) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByTestId('generated-avatar')).toHaveAttribute(
        'data-letter',
        name[0]?.toUpperCase(),
      );
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /api/users',
      'GET /api/users',
    ]);
  });

  it('fetches the avatars of the first screen at once and the others when scrolled near', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      buildUserPublic({
        id: 100 + index,
        nickname: `member${String(index).padStart(2, '0')}`,
        roles: ['Member'],
        avatarVersion: `v${index}`,
      }),
    );
    stubFetch({
      'GET /api/users': answerUsers({
        members: many,
        lanners: [buildUserPublic({ id: 3, nickname: 'charlie', avatarVersion: 'v' })],
      }),
    });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    await screen.findByRole('article', { name: 'charlie' });
    const loadingOf = (name: string) =>
      screen.getByRole('article', { name }).querySelector('img')?.getAttribute('loading') ?? null;
    expect(['member00', 'member07'].map(loadingOf)).toEqual([null, null]);
    expect(['member08', 'member11', 'charlie'].map(loadingOf)).toEqual(['lazy', 'lazy', 'lazy']);
  });

  it('reads every page of a long list', async () => {
    const many = Array.from({ length: 150 }, (_, index) =>
      buildUserPublic({
        id: 100 + index,
        nickname: `member${String(index).padStart(3, '0')}`,
        roles: ['Member'],
      }),
    );
    stubFetch({
      'GET /api/users': (request) => {
        const isMembers = request.url.searchParams.get('roles') === 'Member';
        if (!isMembers) return jsonResponse(buildPage([]));
        const offset = Number(request.url.searchParams.get('offset'));
        return jsonResponse(
          buildPage(many.slice(offset, offset + 100), { offset, total: many.length }),
        );
      },
    });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    const memberGroup = await screen.findByRole('region', { name: /^Members/ });
    expect(await within(memberGroup).findAllByRole('article')).toHaveLength(150);
  });

  it('says so when a group is empty', async () => {
    stubFetch({ 'GET /api/users': answerUsers({ members: [], lanners: [] }) });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    expect(await screen.findByText('There are no members yet.')).toBeInTheDocument();
    expect(screen.getByText('There are no other lanners yet.')).toBeInTheDocument();
  });

  it('shows a loader while the lists load', async () => {
    stubFetch({ 'GET /api/users': () => new Promise<Response>(() => {}) });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    const memberGroup = await screen.findByRole('region', { name: /^Members/ });
    expect(within(memberGroup).getByRole('status')).toHaveTextContent('Loading…');
  });
});

describe('a lanner’s clan (issue 34)', () => {
  it('stands as its tag beside the nickname on the card', async () => {
    const clan = buildClanSummary({ tag: 'PXP' });
    stubFetch({
      'GET /api/users': answerUsers({
        members: [buildUserPublic({ id: 1, nickname: 'alpha', roles: ['Member'], clan })],
        lanners,
      }),
    });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    const card = await screen.findByRole('article', { name: 'alpha' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('alpha PXP');
    const charlie = await screen.findByRole('article', { name: 'charlie' });
    expect(within(charlie).getByRole('heading', { level: 3 })).toHaveTextContent(/^charlie$/);
  });
});

describe('the lanners page’s order', () => {
  it('sorts by lans attended on request, and shows no count for a hidden history', async () => {
    stubFetch({
      'GET /api/users': answerUsers({
        members: [
          ...members,
          buildUserPublic({
            id: 4,
            nickname: 'delta',
            roles: ['Member'],
            stats: { numberOfLans: null, lastLanOn: null },
          }),
          buildUserPublic({
            id: 5,
            nickname: 'echo',
            roles: ['Member'],
            stats: { numberOfLans: 30, lastLanOn: null },
          }),
        ],
        lanners,
      }),
    });
    const { user } = renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });
    const group = await screen.findByRole('region', { name: 'Members' });
    const names = async () =>
      (await within(group).findAllByRole('article')).map((card) => card.getAttribute('aria-label'));
    expect(await names()).toEqual(['alpha', 'bravo', 'delta', 'echo']);
    const hidden = within(group).getByRole('article', { name: 'delta' });
    expect(within(hidden).queryByText(/Visited/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Lans attended' }));
    expect(await names()).toEqual(['echo', 'alpha', 'bravo', 'delta']);
    expect(screen.getByRole('group', { name: 'Sort by' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Nickname' }));
    expect(await names()).toEqual(['alpha', 'bravo', 'delta', 'echo']);
  });
});
