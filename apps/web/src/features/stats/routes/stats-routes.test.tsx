import type {
  GameLeaderboardMonth,
  LeaderboardMonths,
  PlayerLeaderboardMonth,
  RewindSummary,
  UserPublic,
} from '@lanparty/contract';
import {
  buildGameLeaderboardItem,
  buildLan,
  buildPage,
  buildPlayerLeaderboardItem,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lanner = (id = 1) => buildViewer({ id, roles: ['Lanner'], nickname: 'pixelpete' });

const alice = buildUserPublic({ id: 1, nickname: 'alice' });
const bob = buildUserPublic({ id: 2, nickname: 'bob' });
const carl = buildUserPublic({ id: 3, nickname: 'carl' });
const dana = buildUserPublic({ id: 4, nickname: 'dana' });
const eve = buildUserPublic({ id: 5, nickname: 'eve' });

const player = (
  user: UserPublic,
  totalPlaytime: string,
  position: number,
  previousPosition: number | null,
) => buildPlayerLeaderboardItem({ user, totalPlaytime, position, previousPosition });

const october: PlayerLeaderboardMonth = {
  month: '2026-10-01',
  items: [
    player(alice, '1.02:00:00', 1, 2),
    player(bob, '20:30:00', 2, 1),
    player(carl, '10:00:00', 3, null),
    player(dana, '05:15:00', 4, 4),
    player(eve, '00:45:00', 5, 7),
  ],
};

const octoberGames: GameLeaderboardMonth = {
  month: '2026-10-01',
  items: [
    buildGameLeaderboardItem({
      game: { id: 7, name: 'Counter-Strike 2' },
      totalPlaytime: '1.12:00:00',
      previousPosition: 1,
    }),
    buildGameLeaderboardItem({
      game: { id: 8, name: 'Age of Empires II' },
      totalPlaytime: '09:00:00',
      position: 2,
    }),
  ],
};

const months: LeaderboardMonths = {
  users: ['2026-10-01', '2026-09-01', '2025-12-01', '2025-11-01'],
  games: ['2026-10-01', '2026-09-01', '2025-12-01', '2025-11-01'],
};

function stubLeaderboard(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/stats/leader-boards': () => jsonResponse(months),
    'GET /api/stats/summaries': () => jsonResponse([2025]),
    'GET /api/stats/leader-boards/users/months/2026/10': () => jsonResponse(october),
    'GET /api/stats/leader-boards/games/months/2026/10': () => jsonResponse(octoberGames),
    ...extra,
  });
}

describe('stats/leader-board', () => {
  it('shows the podium, the other players with rank changes and the top games', async () => {
    const { requests } = stubLeaderboard();
    renderApp('/stats/leader-board/2026/10', { viewer: lanner() });

    const podium = await screen.findByRole('list', { name: 'Podium' });
    const places = within(podium).getAllByRole('listitem');
    expect(places.map((place) => place.textContent)).toEqual([
      'alice26 hoursgold, position 1up 1 place',
      'bob20.5 hourssilver, position 2down 1 place',
      'carl10 hoursbronze, position 3new',
    ]);

    const others = screen.getByRole('table', { name: 'Other players of October 2026' });
    const rows = within(others).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows.map((row) => [...row.cells].map((cell) => cell.textContent))).toEqual([
      ['4', 'same place', 'dana', '5.3'],
      ['5', 'up 2 places', 'eve', '0.8'],
    ]);

    const games = await screen.findByRole('table', { name: 'Top games of October 2026' });
    const gameRows = within(games).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(gameRows.map((row) => [...row.cells].map((cell) => cell.textContent))).toEqual([
      ['1', 'same place', 'Counter-Strike 2', '36'],
      ['2', 'new', 'Age of Empires II', '9'],
    ]);
    const gamesRequest = requests.find((r) => r.url.pathname.includes('/games/'));
    expect(gamesRequest?.url.searchParams.get('limit')).toBe('10');
    // The players as the page shows them: no games per player, users as headlines.
    const playersRequest = requests.find((r) => r.url.pathname.includes('/users/months/'));
    expect(playersRequest?.url.searchParams.get('view')).toBe('ranking');
    expect(document.title).toMatch(/^Leaderboard October 2026/);
  });

  it('links the months with data before and after, and the archive', async () => {
    stubLeaderboard({
      'GET /api/stats/leader-boards/users/months/2026/9': () =>
        jsonResponse({ month: '2026-09-01', items: [] }),
      'GET /api/stats/leader-boards/games/months/2026/9': () =>
        jsonResponse({ month: '2026-09-01', items: [] }),
    });
    renderApp('/stats/leader-board/2026/9', { viewer: lanner() });
    const nav = await screen.findByRole('navigation', { name: 'Leaderboard months' });
    expect(
      within(nav).getByRole('link', { name: /Previous month: December 2025/ }),
    ).toHaveAttribute('href', '/stats/leader-board/2025/12');
    expect(within(nav).getByRole('link', { name: /Next month: October 2026/ })).toHaveAttribute(
      'href',
      '/stats/leader-board/2026/10',
    );
    expect(within(nav).getByRole('link', { name: 'Archive' })).toHaveAttribute(
      'href',
      '/stats/leader-board/archive',
    );
    expect(
      await screen.findByText('Nobody played in September 2026. Try another month.'),
    ).toBeInTheDocument();
  });

  // Spec §2: with an invalid year/month the last month is used; the notice says the month
  // asked for does not exist (issue 50 §1).
  it.each([
    ['/stats/leader-board/2026/13', '2026/13'],
    ['/stats/leader-board/2026/0', '2026/0'],
    ['/stats/leader-board/20x6/3', '20x6/3'],
    ['/stats/leader-board/1999/3', '1999/3'],
    ['/stats/leader-board/3000/3', '3000/3'],
  ])(
    'shows the last month for %s, saying once that there is no such month',
    async (path, asked) => {
      const { requests } = stubLeaderboard({
        'GET /api/stats/leader-boards/users/months/last': () => jsonResponse(october),
      });
      const { router } = renderApp(path, { viewer: lanner(), strictMode: true });
      await waitFor(() => expect(router.state.location.pathname).toBe('/stats/leader-board'));
      expect(await screen.findByRole('list', { name: 'Podium' })).toBeInTheDocument();
      expect(document.title).toMatch(/^Leaderboard October 2026/);
      const notifications = screen.getByRole('status', { name: 'Notifications' });
      expect(within(notifications).getAllByText(`There is no month ${asked}`)).toHaveLength(1);
      expect(requests.some((r) => r.url.pathname.includes(`/users/months/${asked}`))).toBe(false);
    },
  );

  it('shows the last month on stats/leader-board, and a friendly message without any data', async () => {
    stubLeaderboard({
      'GET /api/stats/leader-boards/users/months/last': () => problemResponse(404),
    });
    renderApp('/stats/leader-board', { viewer: lanner() });
    expect(await screen.findByText(/No playtime has been recorded yet/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the rewind banner only when the month’s year has a rewind', async () => {
    const december = { ...october, month: '2025-12-01' };
    stubLeaderboard({
      'GET /api/stats/leader-boards/users/months/2025/12': () => jsonResponse(december),
      'GET /api/stats/leader-boards/games/months/2025/12': () =>
        jsonResponse({ ...octoberGames, month: '2025-12-01' }),
    });
    const { unmount } = renderApp('/stats/leader-board/2025/12', { viewer: lanner() });
    expect(await screen.findByRole('link', { name: /Rewind 2025/ })).toHaveAttribute(
      'href',
      '/stats/rewinds/2025',
    );
    unmount();

    renderApp('/stats/leader-board/2026/10', { viewer: lanner() });
    await screen.findByRole('list', { name: 'Podium' });
    // The summaries have answered by the time the games table shows.
    await screen.findByRole('table', { name: 'Top games of October 2026' });
    expect(screen.queryByRole('link', { name: /Rewind/ })).not.toBeInTheDocument();
  });
});

describe('stats/leader-board/archive', () => {
  it('groups the months by year, newest first, each linking to its leaderboard', async () => {
    stubFetch({
      'GET /api/stats/leader-boards': () =>
        jsonResponse({
          users: ['2025-11-01', '2026-09-01', '2025-12-01'],
          games: ['2026-10-01', '2026-09-01'],
        }),
      'GET /api/stats/summaries': () => jsonResponse([]),
    });
    renderApp('/stats/leader-board/archive', { viewer: lanner() });
    await screen.findByRole('heading', { name: '2026', level: 2 });
    const years = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(years).toEqual(['2026', '2025']);
    const monthsOf = (year: string) =>
      within(screen.getByRole('region', { name: year }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(monthsOf('2026')).toEqual([
      ['October', '/stats/leader-board/2026/10'],
      ['September', '/stats/leader-board/2026/9'],
    ]);
    expect(monthsOf('2025')).toEqual([
      ['December', '/stats/leader-board/2025/12'],
      ['November', '/stats/leader-board/2025/11'],
    ]);
  });
});

const games = [
  { id: 1, name: 'Counter-Strike 2' },
  { id: 2, name: 'Age of Empires II' },
  { id: 3, name: 'Rocket League' },
  { id: 4, name: 'Factorio' },
  { id: 5, name: 'Valheim' },
  { id: 6, name: 'Minesweeper' },
];

const pete = buildUserPublic({ id: 1, nickname: 'pixelpete' });

function buildRewind(overrides: Partial<RewindSummary> = {}): RewindSummary {
  return {
    year: 2026,
    games,
    users: [pete, bob, carl],
    totalPlaytime: '2.03:00:00',
    avgPlaytimePerDay: '01:30:00',
    avgPlaytimePerUser: '17:00:00',
    userPlaytimes: [
      {
        userId: 1,
        numberOfDays: 12,
        numberOfGames: 4,
        totalPlaytime: '22:00:00',
        avgPlaytimePerDay: '01:50:00',
      },
      {
        userId: 2,
        numberOfDays: 9,
        numberOfGames: 2,
        totalPlaytime: '1.01:00:00',
        avgPlaytimePerDay: '02:46:40',
      },
      {
        userId: 3,
        numberOfDays: 2,
        numberOfGames: 1,
        totalPlaytime: '04:00:00',
        avgPlaytimePerDay: '02:00:00',
      },
    ],
    // Out of order on purpose: the screen sorts, and shows 5 of the 6.
    gamePlaytimes: [
      { gameId: 5, totalPlaytime: '02:00:00' },
      { gameId: 1, totalPlaytime: '20:00:00' },
      { gameId: 6, totalPlaytime: '01:00:00' },
      { gameId: 3, totalPlaytime: '08:00:00' },
      { gameId: 2, totalPlaytime: '15:00:00' },
      { gameId: 4, totalPlaytime: '05:00:00' },
    ],
    favoriteGames: [
      { userId: 1, gameId: 1, totalPlaytime: '04:30:00' },
      { userId: 2, gameId: 2, totalPlaytime: '15:00:00' },
      { userId: 1, gameId: 3, totalPlaytime: '10:00:00' },
    ],
    busiestDays: [
      { date: '2026-12-05', totalPlaytime: '14:00:00' },
      { date: '2026-03-14', totalPlaytime: '09:30:00' },
    ],
    spikes: [{ date: '2026-12-04', playtimeIncrease: '06:00:00' }],
    ...overrides,
  };
}

const previousYear = buildRewind({
  year: 2025,
  users: [pete, bob],
  userPlaytimes: [
    {
      userId: 1,
      numberOfDays: 3,
      numberOfGames: 1,
      totalPlaytime: '10:00:00',
      avgPlaytimePerDay: '03:20:00',
    },
    {
      userId: 2,
      numberOfDays: 3,
      numberOfGames: 1,
      totalPlaytime: '05:00:00',
      avgPlaytimePerDay: '01:40:00',
    },
  ],
});

const winterLan = buildLan({
  id: 4,
  name: 'Winter Lan',
  startDate: '2026-12-04T17:00:00Z',
  endDate: '2026-12-06T15:00:00Z',
});

function stubRewind(rewind: RewindSummary = buildRewind(), years = [2025, 2026]) {
  return stubFetch({
    'GET /api/stats/summaries': () => jsonResponse(years),
    'GET /api/stats/summaries/2026': () => jsonResponse(rewind),
    'GET /api/stats/summaries/2025': () => jsonResponse(previousYear),
    'GET /api/lans': () => jsonResponse(buildPage([winterLan])),
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const figures = (region: HTMLElement) =>
  within(region)
    .getAllByRole('definition')
    .map((value) => value.textContent);

describe('stats/rewinds/:year', () => {
  it('tells every section in order with the figures of the summary', async () => {
    const { requests } = stubRewind();
    renderApp('/stats/rewinds/2026', { viewer: lanner(1) });
    await screen.findByRole('region', { name: 'We played collectively' });

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'We played collectively',
      'Our favorite games',
      'Your favorite games',
      'You played',
      'Leaderboard',
      'Most played on',
      'Sudden spikes',
    ]);
    expect(document.title).toMatch(/^Rewind 2026/);

    // 2.03:00:00 = 51 h; 01:30:00 a day is more than 60 minutes, so hours.
    expect(figures(section('We played collectively'))).toEqual([
      '51 hours',
      '1.5 hours per day',
      '17 hours per lanner',
    ]);

    const ours = within(section('Our favorite games')).getAllByRole('listitem');
    expect(ours.map((item) => item.textContent)).toEqual([
      'Counter-Strike 220 hours',
      'Age of Empires II15 hours',
      'Rocket League8 hours',
      'Factorio5 hours',
      'Valheim2 hours',
    ]);

    const yours = within(section('Your favorite games')).getAllByRole('listitem');
    expect(yours.map((item) => item.textContent)).toEqual([
      'Rocket League10 hours',
      'Counter-Strike 24.5 hours',
    ]);

    // 01:50:00 a day = 110 minutes = 1.8 hours.
    expect(figures(section('You played'))).toEqual([
      '12 days',
      '4 games',
      '22 hours',
      '1.8 hours per day',
    ]);

    // 2025: pixelpete 1st, bob 2nd, carl absent.
    await within(section('Leaderboard')).findByText('up 1 place');
    await within(section('Most played on')).findByText('Winter Lan');
    const players = within(section('Leaderboard')).getAllByRole('listitem');
    expect(players.map((item) => item.textContent)).toEqual([
      '1.up 1 placebob25 hours',
      '2.down 1 placepixelpete22 hours',
      '3.newcarl4 hours',
    ]);

    const days = within(section('Most played on')).getAllByRole('listitem');
    expect(days.map((item) => item.textContent)).toEqual([
      '05 Dec 202614 hoursduring Winter Lan',
      '14 Mar 20269.5 hours',
    ]);
    expect(
      within(days[0] as HTMLElement).getByRole('link', { name: 'Winter Lan' }),
    ).toHaveAttribute('href', '/lans/4');
    const lansQuery = requests.find((r) => r.url.pathname === '/api/lans')?.url.searchParams;
    expect(lansQuery?.get('sinceDate')).toBe('2026-01-01');
    expect(lansQuery?.get('untilDate')).toBe('2027-01-01');
    expect(lansQuery?.get('include')).toBe('active');
    // Both years' rewinds as the page shows them to its viewer (their own favourite games).
    const rewindViews = requests
      .filter((r) => r.url.pathname.startsWith('/api/stats/summaries/'))
      .map((r) => `${r.url.pathname}?${r.url.searchParams}`);
    expect(rewindViews.sort()).toEqual([
      '/api/stats/summaries/2025?view=viewer',
      '/api/stats/summaries/2026?view=viewer',
    ]);

    const spikes = within(section('Sudden spikes')).getAllByRole('listitem');
    expect(spikes.map((item) => item.textContent)).toEqual(['04 Dec 2026+6 hours']);
  });

  it('shows the year before the rank changes arrive, which then fill their places', async () => {
    let answerYearBefore = (_response: Response) => {};
    const { requests } = stubFetch({
      'GET /api/stats/summaries': () => jsonResponse([2025, 2026]),
      'GET /api/stats/summaries/2026': () => jsonResponse(buildRewind()),
      'GET /api/stats/summaries/2025': () =>
        new Promise<Response>((resolve) => {
          answerYearBefore = resolve;
        }),
      'GET /api/lans': () => jsonResponse(buildPage([winterLan])),
    });
    renderApp('/stats/rewinds/2026', { viewer: lanner(1) });
    await screen.findByRole('region', { name: 'We played collectively' });
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/stats/summaries/2025')).toBe(true),
    );
    const rows = () => within(section('Leaderboard')).getAllByRole('listitem');
    expect(rows().map((item) => item.textContent)).toEqual([
      '1.bob25 hours',
      '2.pixelpete22 hours',
      '3.carl4 hours',
    ]);
    // Each row keeps the arrow's place, so the arrows move nothing when they come.
    for (const row of rows()) expect(row.children).toHaveLength(4);

    answerYearBefore(jsonResponse(previousYear));
    await within(section('Leaderboard')).findByText('up 1 place');
    expect(rows().map((item) => item.textContent)).toEqual([
      '1.up 1 placebob25 hours',
      '2.down 1 placepixelpete22 hours',
      '3.newcarl4 hours',
    ]);
  });

  it('hides "You played" for a viewer without data, and shows no arrows without a previous year', async () => {
    stubRewind(buildRewind(), [2026]);
    renderApp('/stats/rewinds/2026', { viewer: lanner(9) });
    await screen.findByRole('region', { name: 'We played collectively' });
    expect(screen.queryByRole('heading', { name: 'You played' })).not.toBeInTheDocument();
    expect(
      within(section('Your favorite games')).getByText('We have no games of yours for 2026.'),
    ).toBeInTheDocument();
    const players = within(section('Leaderboard')).getAllByRole('listitem');
    expect(players[0]).toHaveTextContent(/^1\.bob25 hours$/);
  });

  it('shows minutes per day when the daily average is 60 minutes or less', async () => {
    const rewind = buildRewind({ avgPlaytimePerDay: '01:00:00' });
    const [mine, ...others] = rewind.userPlaytimes;
    rewind.userPlaytimes = [
      { ...(mine as RewindSummary['userPlaytimes'][number]), avgPlaytimePerDay: '00:40:00' },
      ...others,
    ];
    stubRewind(rewind);
    renderApp('/stats/rewinds/2026', { viewer: lanner(1) });
    await screen.findByRole('region', { name: 'We played collectively' });
    expect(figures(section('We played collectively'))[1]).toBe('60 minutes per day');
    expect(figures(section('You played'))[3]).toBe('40 minutes per day');
  });

  it('says there is no rewind for an unknown year, with a link to the leaderboard', async () => {
    stubFetch({
      'GET /api/stats/summaries': () => jsonResponse([2025]),
      'GET /api/stats/summaries/2019': () => problemResponse(404),
    });
    renderApp('/stats/rewinds/2019', { viewer: lanner() });
    expect(await screen.findByText('There is no rewind for 2019.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the leaderboard' })).toHaveAttribute(
      'href',
      '/stats/leader-board',
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '2025' })).toHaveAttribute(
        'href',
        '/stats/rewinds/2025',
      ),
    );
  });
});
