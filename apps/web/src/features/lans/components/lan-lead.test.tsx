import type { Announcement, FoodRound, Lan, NowPlaying, ScheduleItem } from '@lanparty/contract';
import {
  buildFoodRound,
  buildLan,
  buildOccupant,
  buildOwnSubscription,
  buildPage,
  buildRow,
  buildSeating,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import type { Viewer } from '../../../lib/viewer.tsx';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { runningQuakeCup, summaryOf } from '../../../testing/tournament-fixtures.ts';

/*
 * The top of a lan's page (issue 51): while the lan runs and the day before, what matters
 * now (the viewer's place and seat, the pinned announcement, now and next, their next
 * match); the links to its sections; a new announcement at the top.
 */

/** Friday 4 Dec 2099 18:00 to Sunday 18:00, Amsterdam's winter time. */
const winterLan = {
  id: 1,
  name: 'Winter Lan',
  startDate: '2099-12-04T18:00:00.000+01:00',
  endDate: '2099-12-06T18:00:00.000+01:00',
};
const moments = {
  running: '2099-12-05T20:30:00+01:00',
  dayBefore: '2099-12-03T12:00:00+01:00',
  later: '2099-11-20T12:00:00+01:00',
};

/** ada, user 11: a lanner who holds a Paid place, as Quake Cup's fixtures have her. */
const ada = buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'] });
const organiser = buildViewer({ id: 1, nickname: 'orga', roles: ['LanAdministrator'] });
const adaSubscriber = buildSubscriber({
  id: 5,
  status: 'Paid',
  user: buildUserPublic({ id: 11, nickname: 'ada', roles: ['Lanner'] }),
  lan: winterLan,
});

const lanWith = (subscribers = [adaSubscriber]): Lan =>
  buildLan({ ...winterLan, subscribers, maximumSubcribers: 20 });

let nextId = 1;
const item = (startDate: string, endDate: string | null, title: string): ScheduleItem => ({
  id: nextId++,
  lanId: 1,
  startDate,
  endDate,
  title,
  place: null,
  kind: 'other',
});
const schedule = [
  item('2099-12-04T18:00:00+01:00', '2099-12-04T19:00:00+01:00', 'Doors open'),
  item('2099-12-05T20:00:00+01:00', '2099-12-05T21:00:00+01:00', 'Quake Cup final'),
  item('2099-12-05T22:00:00+01:00', null, 'Midnight pizza'),
];

const announcement = (id: number, text: string, pinned = false): Announcement => ({
  id,
  lanId: 1,
  text,
  pinned,
  toChat: false,
  creationDate: `2099-12-04T1${id}:00:00+01:00`,
});

const nowPlaying: NowPlaying = {
  isCollecting: true,
  isRunning: true,
  games: [{ gameId: 10, name: 'Quake', players: [{ userId: 11, nickname: 'ada' }] }],
  topGames: [],
  topPlayers: [],
};

type Options = {
  at: keyof typeof moments;
  viewer?: Viewer;
  lan?: Lan;
  announcements?: () => Announcement[];
  hasSeats?: boolean;
  foodRounds?: FoodRound[];
  /** The address opened (lan 1's page unless told). */
  path?: string;
};

/** Lan 1's page at one of `moments`, as `viewer` (ada unless told), everything answered. */
function openLanPage({
  at,
  viewer = ada,
  lan = lanWith(),
  announcements = () => [announcement(2, 'Wifi: lanparty', true), announcement(3, 'Pizza at 22')],
  hasSeats = true,
  foodRounds = [],
  path = '/lans/1',
}: Options) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(moments[at]));
  const stub = stubFetch({
    'GET /api/lans/1': () => jsonResponse(lan),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () =>
      jsonResponse(
        buildPage([
          buildOwnSubscription({
            ...adaSubscriber,
            status: 'Paid',
            seat: 'A1',
          }),
        ]),
      ),
    'GET /api/users/me/seat-swaps': () => jsonResponse([]),
    'GET /api/lans/1/seating': () =>
      hasSeats
        ? jsonResponse(
            buildSeating({
              seats: buildRow(4, { A3: { occupant: buildOccupant({ userId: 11 }) } }),
            }),
          )
        : problemResponse(404),
    'GET /api/lans/1/schedule': () => jsonResponse(schedule),
    'GET /api/lans/1/food-rounds': () => jsonResponse(foodRounds),
    'GET /api/lans/1/announcements': () => jsonResponse(announcements()),
    'GET /api/lans/1/tournaments': () => jsonResponse([summaryOf(runningQuakeCup())]),
    'GET /api/tournaments/7': () => jsonResponse(runningQuakeCup()),
    'GET /api/lans/1/now-playing': () => jsonResponse(nowPlaying),
  });
  return { ...stub, ...renderApp(path, { viewer }) };
}

/** True when `first` comes before `second` in the page. */
const isBefore = (first: Element, second: Element) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

/** The lines under a heading of the region (the heading's parent's list items). */
function linesUnder(region: HTMLElement, heading: string): string[] {
  const box = within(region).getByRole('heading', { name: heading }).parentElement as HTMLElement;
  return within(box)
    .queryAllByRole('listitem')
    .map((line) => line.textContent ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the top of a lan’s page while it runs', () => {
  it('leads, above the lan, with the viewer’s place and seat, the pinned announcement, now and next, and their next match', async () => {
    openLanPage({ at: 'running' });
    const now = await screen.findByRole('region', { name: 'Happening now' });
    expect(isBefore(now, screen.getByRole('article', { name: 'Winter Lan' }))).toBe(true);

    const place = within(now).getByRole('heading', { name: 'Your place' })
      .parentElement as HTMLElement;
    // The seat as the live map has it (A3), not the ticket's older word (A1).
    await within(place).findByText('Seat A3');
    expect(place).toHaveTextContent('You have paid');
    expect(within(place).getByRole('link', { name: 'Your ticket' })).toHaveAttribute(
      'href',
      '#ticket',
    );
    expect(within(place).getByRole('link', { name: 'Seat map' })).toHaveAttribute('href', '#seats');

    // The pinned one only; the rest a link away.
    expect(linesUnder(now, 'Announcements')).toEqual(['Wifi: lanpartyPinned · 04 Dec 2099, 12:00']);
    expect(within(now).getByRole('link', { name: 'All 2 announcements' })).toHaveAttribute(
      'href',
      '#announcements',
    );

    expect(linesUnder(now, 'Now')).toEqual(['20:00–21:00Quake Cup finalOther']);
    expect(linesUnder(now, 'Next')).toEqual(['22:00Midnight pizzaOther']);
    expect(within(now).getByRole('link', { name: 'The whole schedule' })).toHaveAttribute(
      'href',
      '#schedule',
    );

    const match = within(now).getByRole('heading', { name: 'Your next match' })
      .parentElement as HTMLElement;
    expect(within(match).getByRole('link', { name: 'Quake Cup' })).toHaveAttribute(
      'href',
      '/tournaments/7',
    );
    expect(match).toHaveTextContent('Quake Cup, Final');
    expect(match).toHaveTextContent('Against cleo');
  });

  it('leaves out the place and the match of a viewer without a ticket, and never asks for their brackets', async () => {
    const { requests } = openLanPage({ at: 'running', lan: lanWith([]) });
    const now = await screen.findByRole('region', { name: 'Happening now' });
    expect(linesUnder(now, 'Now')).toEqual(['20:00–21:00Quake Cup finalOther']);
    expect(within(now).queryByRole('heading', { name: 'Your place' })).not.toBeInTheDocument();
    expect(within(now).queryByRole('heading', { name: 'Your next match' })).not.toBeInTheDocument();
    const asked = requests.map((request) => request.url.pathname);
    expect(asked).not.toContain('/api/tournaments/7');
    expect(asked).not.toContain('/api/users/me/subscriptions');
  });

  it('shows the newest announcement when none is pinned', async () => {
    openLanPage({
      at: 'running',
      announcements: () => [announcement(3, 'Pizza at 22'), announcement(2, 'Welcome')],
    });
    const now = await screen.findByRole('region', { name: 'Happening now' });
    expect(linesUnder(now, 'Announcements')).toEqual(['Pizza at 2204 Dec 2099, 13:00']);
  });

  it('puts an announcement that comes while the page is open first, marked new, and reads it out', async () => {
    let items = [announcement(2, 'Wifi: lanparty', true)];
    const { queryClient } = openLanPage({ at: 'running', announcements: () => items });
    const now = await screen.findByRole('region', { name: 'Happening now' });
    expect(linesUnder(now, 'Announcements')).toHaveLength(1);
    items = [announcement(4, 'Finals on the big screen'), ...items];
    void queryClient.invalidateQueries({ queryKey: lansKeys.announcements(1) });
    await within(now).findByText('Finals on the big screen');
    expect(linesUnder(now, 'Announcements')).toEqual([
      'Finals on the big screenNew · 04 Dec 2099, 14:00',
      'Wifi: lanpartyPinned · 04 Dec 2099, 12:00',
    ]);
    const live = document.querySelector('p.visually-hidden[aria-live="polite"]');
    await waitFor(() =>
      expect(live).toHaveTextContent('New announcement: Finals on the big screen'),
    );
    expect(document.activeElement).toBe(document.body);
  });
});

describe('the top of a lan’s page before it runs', () => {
  it('says the day before when it starts and what comes first, and nothing is on now', async () => {
    openLanPage({ at: 'dayBefore' });
    const soon = await screen.findByRole('region', { name: 'Starting soon' });
    expect(soon).toHaveTextContent('Starts 04 Dec 2099, 18:00');
    expect(linesUnder(soon, 'First')).toEqual(['18:00–19:00Doors openOther']);
    expect(within(soon).queryByRole('heading', { name: 'Now' })).not.toBeInTheDocument();
    await within(soon).findByText('Seat A3');
  });

  it('leads with nothing of the kind earlier, but with an announcement that comes while the page is open', async () => {
    let items: Announcement[] = [];
    const { queryClient } = openLanPage({ at: 'later', announcements: () => items });
    await screen.findByRole('navigation', { name: 'On this page' });
    // The first read is in (and had none): what comes after it is new.
    await waitFor(() =>
      expect(queryClient.getQueryState(lansKeys.announcements(1))?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Happening now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Starting soon' })).not.toBeInTheDocument();

    items = [announcement(2, 'Bring a power strip')];
    void queryClient.invalidateQueries({ queryKey: lansKeys.announcements(1) });
    const fresh = await screen.findByRole('region', { name: 'New announcement' });
    expect(isBefore(fresh, screen.getByRole('article', { name: 'Winter Lan' }))).toBe(true);
    expect(within(fresh).getByRole('listitem')).toHaveTextContent(
      'Bring a power stripNew · 04 Dec 2099, 12:00',
    );
    expect(within(fresh).getByRole('link', { name: 'All announcements' })).toHaveAttribute(
      'href',
      '#announcements',
    );
  });
});

describe('the links to the lan page’s sections', () => {
  const navLinks = async () =>
    within(await screen.findByRole('navigation', { name: 'On this page' })).getAllByRole('link');

  it('reach each section there is, in the page’s order, each with its heading', async () => {
    openLanPage({ at: 'running', foodRounds: [buildFoodRound({ lanId: 1 })] });
    await screen.findByRole('region', { name: 'Seats' });
    await screen.findByRole('region', { name: 'Now playing' });
    await screen.findByRole('region', { name: 'Your ticket' });
    const links = await navLinks();
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Your ticket', '#ticket'],
      ['Announcements', '#announcements'],
      ['Food', '#food'],
      ['Schedule', '#schedule'],
      ['Tournaments', '#tournaments'],
      ['Now playing', '#now-playing'],
      ['Seats', '#seats'],
      ['Subscribers', '#subscribers'],
    ]);
    const targets = links.map((link) =>
      document.getElementById((link.getAttribute('href') ?? '').slice(1)),
    );
    for (const [index, target] of targets.entries()) {
      expect(target, links[index]?.textContent ?? '').not.toBeNull();
      expect(within(target as HTMLElement).getAllByRole('heading')[0]).toHaveTextContent(
        links[index]?.textContent ?? '',
      );
    }
    // The sections follow one another in the order of their links.
    for (const [index, target] of targets.slice(1).entries())
      expect(isBefore(targets[index] as HTMLElement, target as HTMLElement)).toBe(true);
  });

  it('show the section an address names once it is there: the way back from a tournament', async () => {
    const scrolledTo: string[] = [];
    // jsdom scrolls nothing: the page's scroll is recorded instead.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
    try {
      openLanPage({ at: 'later', path: '/lans/1#tournaments' });
      await screen.findByRole('region', { name: 'Tournaments' });
      await waitFor(() => expect(scrolledTo).toEqual(['tournaments']));
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('leave out the sections a lan does not have, and are reached by the keyboard', async () => {
    const { user } = openLanPage({
      at: 'later',
      viewer: buildViewer({ id: 30, roles: ['Lanner'] }),
      announcements: () => [],
      hasSeats: false,
    });
    await screen.findByRole('region', { name: 'Schedule' });
    const links = await navLinks();
    await waitFor(() =>
      expect(links.map((link) => link.textContent)).toEqual([
        'Schedule',
        'Tournaments',
        'Subscribers',
      ]),
    );
    const schedule = screen.getByRole('link', { name: 'Schedule' });
    for (let tabs = 0; tabs < 40 && document.activeElement !== schedule; tabs++) await user.tab();
    expect(schedule).toHaveFocus();
  });

  it('lead a lan administrator to the lan’s admin page', async () => {
    openLanPage({ at: 'later', viewer: organiser });
    const manage = await screen.findByRole('link', { name: 'Manage this lan' });
    expect(manage).toHaveAttribute('href', '/admin/lans/1');
  });

  it('offer a lanner no admin page', async () => {
    openLanPage({ at: 'later' });
    await navLinks();
    expect(screen.queryByRole('link', { name: 'Manage this lan' })).not.toBeInTheDocument();
  });
});
