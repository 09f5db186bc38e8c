// @vitest-isolate: it counts every request the app makes (apps/web/vitest.shared.ts).
import type {
  GameLeaderboardMonth,
  PlayerLeaderboardMonth,
  RewindSummary,
} from '@lanparty/contract';
import {
  buildGameLeaderboardItem,
  buildLan,
  buildPage,
  buildPlayerLeaderboardItem,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';
import { rememberRoles } from '../lib/auth/remembered-roles.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { startScreen } from '../lib/router/index.tsx';
import {
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../testing/render-app.tsx';
import { routes } from './router.tsx';

const lanner = buildViewer({ roles: ['Lanner'] });
const pathsOf = (requests: StubbedRequest[]) =>
  requests.map((request) => `${request.url.pathname}${request.url.search}`);

/**
 * The app starting at `path`: its reads prefetched as startApp does, answered, then the
 * page rendered from the same cache (the app's own client: answers fresh for a minute).
 */
async function openAfterPrefetch(path: string, requests: StubbedRequest[], expectedReads: number) {
  configureApiClient({ getAccessToken: () => 'test-token' });
  const queryClient = createQueryClient();
  startScreen(routes, path, queryClient);
  await waitFor(() => expect(requests).toHaveLength(expectedReads));
  const prefetched = pathsOf(requests);
  renderApp(path, { viewer: lanner, queryClient });
  return prefetched;
}

afterEach(() => localStorage.clear());

describe("the first screen's reads, started with the app", () => {
  it('are the reads the upcoming lans page makes: it asks for nothing again', async () => {
    const { requests } = stubFetch({
      'GET /api/lans': () => jsonResponse(buildPage([buildLan({ id: 3, name: 'Winter lan' })])),
      'GET /api/settings/calendar-feed': () =>
        jsonResponse({
          url: 'http://localhost:3000/api/lans.ics',
          subscriptionUrl: 'webcal://localhost:3000/api/lans.ics',
        }),
    });
    const prefetched = await openAfterPrefetch('/lans/upcoming', requests, 2);
    expect(prefetched).toEqual([
      expect.stringMatching(/^\/api\/lans\?sinceDate=.*&limit=5$/),
      '/api/settings/calendar-feed',
    ]);
    expect(await screen.findByRole('heading', { name: 'Winter lan' })).toBeInTheDocument();
    expect(pathsOf(requests)).toEqual(prefetched);
  });

  it("are the lanners page's two lists", async () => {
    const { requests } = stubFetch({
      'GET /api/users': (request) =>
        jsonResponse(
          buildPage([
            request.url.searchParams.get('roles') === 'Member'
              ? buildUserPublic({ id: 1, nickname: 'alpha', roles: ['Member'] })
              : buildUserPublic({ id: 2, nickname: 'bravo', roles: ['Lanner'] }),
          ]),
        ),
    });
    await openAfterPrefetch('/lanners', requests, 2);
    expect(await screen.findByRole('article', { name: 'bravo' })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it("are a month's leaderboard, its games once the month is known, the months and the years", async () => {
    const players: PlayerLeaderboardMonth = {
      month: '2026-10-01',
      items: [
        buildPlayerLeaderboardItem({
          user: buildUserPublic({ id: 1, nickname: 'alice' }),
          games: { '7': '10:00:00' },
        }),
      ],
    };
    const games: GameLeaderboardMonth = {
      month: '2026-10-01',
      items: [buildGameLeaderboardItem({ game: { id: 7, name: 'Factorio' } })],
    };
    const { requests } = stubFetch({
      'GET /api/stats/leader-boards/users/months/last': () => jsonResponse(players),
      'GET /api/stats/leader-boards/games/months/2026/10': () => jsonResponse(games),
      'GET /api/stats/leader-boards': () =>
        jsonResponse({ users: ['2026-10-01'], games: ['2026-10-01'] }),
      'GET /api/stats/summaries': () => jsonResponse([2025]),
    });
    rememberRoles(['Lanner']);
    const prefetched = await openAfterPrefetch('/stats/leader-board', requests, 4);
    expect(prefetched).toEqual(
      expect.arrayContaining([
        '/api/stats/leader-boards/users/months/last?view=ranking',
        '/api/stats/leader-boards/games/months/2026/10?limit=10',
        '/api/stats/leader-boards',
        '/api/stats/summaries',
      ]),
    );
    expect(await screen.findByRole('cell', { name: 'Factorio' })).toBeInTheDocument();
    expect(pathsOf(requests)).toHaveLength(4);
  });

  it("are a year's rewind and the years; the year before and the lans once the page shows", async () => {
    const summary = (year: number): RewindSummary => ({
      year,
      games: [],
      users: [],
      totalPlaytime: '00:00:00',
      avgPlaytimePerDay: '00:00:00',
      avgPlaytimePerUser: '00:00:00',
      userPlaytimes: [],
      gamePlaytimes: [],
      favoriteGames: [],
      busiestDays: [],
      spikes: [],
    });
    const { requests } = stubFetch({
      'GET /api/stats/summaries/2025': () => jsonResponse(summary(2025)),
      'GET /api/stats/summaries/2024': () => jsonResponse(summary(2024)),
      'GET /api/stats/summaries': () => jsonResponse([2025, 2024]),
      'GET /api/lans': () => jsonResponse(buildPage([])),
    });
    rememberRoles(['Member', 'LanAdministrator']);
    const prefetched = await openAfterPrefetch('/stats/rewinds/2025', requests, 2);
    expect(prefetched).toEqual(
      expect.arrayContaining(['/api/stats/summaries/2025?view=viewer', '/api/stats/summaries']),
    );
    expect(await screen.findByRole('heading', { name: 'Rewind 2025' })).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(pathsOf(requests).slice(2)).toEqual(
      expect.arrayContaining([
        '/api/stats/summaries/2024?view=viewer',
        expect.stringMatching(/^\/api\/lans\?sinceDate=2025-01-01&untilDate=2026-01-01/),
      ]),
    );
  });

  it('leave the stats alone for a viewer who had no stats role last time: nothing is refused', async () => {
    const { requests } = stubFetch({});
    const queryClient = createQueryClient();
    for (const roles of [[], ['MemberAdministrator']] as const) {
      localStorage.clear();
      if (roles.length > 0) rememberRoles(roles);
      startScreen(routes, '/stats/leader-board', queryClient);
      startScreen(routes, '/stats/rewinds/2025', queryClient);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('leave a failed read to the page, which asks again and says so', async () => {
    const { requests } = stubFetch({ 'GET /api/lans': () => problemResponse(503) });
    await openAfterPrefetch('/lans/upcoming', requests, 2);
    expect(await screen.findByText('The upcoming lans could not be loaded.')).toBeInTheDocument();
    expect(requests.length).toBeGreaterThan(2);
  });
});
