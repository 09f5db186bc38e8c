import { buildPage, buildUserPublic } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

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
      'HEAD /api/assets/user-1': () => emptyResponse(404),
      'HEAD /api/assets/user-2': () => emptyResponse(404),
      'HEAD /api/assets/user-3': () => emptyResponse(404),
    });
    renderApp('/lanners', { viewer: buildViewer({ roles: ['Lanner'] }) });

    const groups = await screen.findAllByRole('region', { name: /^(Members|Lanners)$/ });
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
      ...Object.fromEntries(
        many.map((user) => [`HEAD /api/assets/user-${user.id}`, () => emptyResponse(404)]),
      ),
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
