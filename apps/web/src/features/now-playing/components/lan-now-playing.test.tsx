import type { NowPlaying } from '@lanparty/contract';
import { buildLan, buildPage } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const hour = 3_600_000;

const board: NowPlaying = {
  isCollecting: true,
  isRunning: true,
  games: [
    {
      gameId: 10,
      name: 'Quake',
      players: [
        { userId: 1, nickname: 'ada' },
        { userId: 2, nickname: 'bob' },
      ],
    },
    { gameId: 20, name: 'Age of Empires', players: [{ userId: 3, nickname: 'cy' }] },
  ],
  topGames: [
    { gameId: 10, name: 'Quake', seconds: 3 * 3600 + 20 * 60, playerCount: 4 },
    { gameId: 20, name: 'Age of Empires', seconds: 45 * 60, playerCount: 1 },
  ],
  topPlayers: [],
};

function openLanPage(lanHours: [number, number], read: () => NowPlaying) {
  const lan = buildLan({
    startDate: new Date(Date.now() + lanHours[0] * hour).toISOString(),
    endDate: new Date(Date.now() + lanHours[1] * hour).toISOString(),
  });
  const { requests } = stubFetch({
    'GET /api/lans/1': () => jsonResponse(lan),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/lans/1/seating': () => jsonResponse({ status: 404 }, 404),
    'GET /api/lans/1/schedule': () => jsonResponse([]),
    'GET /api/lans/1/announcements': () => jsonResponse([]),
    'GET /api/lans/1/now-playing': () => jsonResponse(read()),
  });
  renderApp('/lans/1', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) });
  return { lan, requests };
}

describe('now playing on a lan’s page (issue 35)', () => {
  it('shows, while the lan runs, who plays what and the most played so far', async () => {
    openLanPage([-3, 40], () => board);
    const region = await screen.findByRole('region', { name: 'Now playing' });
    const [playing, top] = within(region).getAllByRole('list');
    expect(
      within(playing as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quake2 playing: ada, bob', 'Age of Empires1 playing: cy']);
    expect(
      within(region).getByRole('heading', { name: 'Most played at this lan so far' }),
    ).toBeVisible();
    expect(
      within(top as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quake 3 h 20 min by 4', 'Age of Empires 45 min by 1']);
  });

  it('says plainly when the site has no Steam key', async () => {
    openLanPage([-3, 40], () => ({ ...board, isCollecting: false, games: [], topGames: [] }));
    const region = await screen.findByRole('region', { name: 'Now playing' });
    expect(region).toHaveTextContent('this site has no Steam Web API key set up');
  });

  it('says when nobody present plays', async () => {
    openLanPage([-3, 40], () => ({ ...board, games: [], topGames: [] }));
    expect(await screen.findByRole('region', { name: 'Now playing' })).toHaveTextContent(
      'Nobody here is playing a Steam game right now.',
    );
  });

  it('asks nothing and shows nothing before the lan', async () => {
    const { lan, requests } = openLanPage([24, 72], () => board);
    await screen.findByRole('article', { name: lan.name });
    expect(screen.queryByRole('region', { name: 'Now playing' })).toBeNull();
    expect(requests.some((request) => request.url.pathname.endsWith('/now-playing'))).toBe(false);
  });
});
