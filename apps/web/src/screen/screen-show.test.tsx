import type {
  Announcement,
  FoodRound,
  NowPlaying,
  ScheduleItem,
  ScreenView,
} from '@lanparty/contract';
import { buildFoodRound } from '@lanparty/contract/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcementsQueryOptions } from '../lib/lans/get-announcements.ts';
import { LiveUpdates } from '../lib/live-updates/live-updates.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { jsonResponse, problemResponse, stubFetch } from '../testing/fetch-stub.ts';
import { type LiveEventsStub, stubLiveEvents } from '../testing/live-events-stub.ts';
import { screenViewKey } from './get-screen-view.ts';
import { ScreenShow } from './screen-show.tsx';

const token = 'q3Z0XbF9mK2rTnW8cYpL4dVhJ6sAbCdEfGhIjKlMnOp';
const now = new Date('2099-12-05T20:30:00+01:00');

const view = (fields: Partial<ScreenView> = {}): ScreenView => ({
  id: 4,
  name: 'Main hall TV',
  slides: ['schedule', 'announcements', 'now-playing', 'arrivals'],
  rotationSeconds: 15,
  asOf: '2099-12-05T20:30:00+01:00',
  lan: {
    id: 1,
    name: 'Winter lan',
    startDate: '2099-12-04T18:00:00+01:00',
    endDate: '2099-12-06T18:00:00+01:00',
  },
  presence: {
    presentCount: 23,
    participantCount: 40,
    arrivals: [{ userId: 7, nickname: 'late', arrivalDate: '2099-12-05T20:10:00+01:00' }],
  },
  ...fields,
});

const item = (id: number, title: string, start: string, end: string | null): ScheduleItem => ({
  id,
  lanId: 1,
  startDate: start,
  endDate: end,
  title,
  place: id === 1 ? 'Main hall' : null,
  kind: 'game',
});

const announcement = (id: number, text: string, pinned = false): Announcement => ({
  id,
  lanId: 1,
  text,
  pinned,
  toChat: false,
  creationDate: '2099-12-05T19:00:00+01:00',
});

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
  ],
  topGames: [{ gameId: 10, name: 'Quake', seconds: 7200, playerCount: 2 }],
  topPlayers: [{ userId: 1, nickname: 'ada', seconds: 5400 }],
};

function showScreen(answers: {
  view?: () => Response;
  schedule?: ScheduleItem[];
  announcements?: () => Announcement[];
  nowPlaying?: NowPlaying;
  foodRounds?: FoodRound[];
  /** The site down: every read fails for want of an answer. */
  isDown?: () => boolean;
  stream?: LiveEventsStub;
}) {
  const up = (answer: () => Response) => (): Response => {
    if (answers.isDown?.()) throw new TypeError('Failed to fetch');
    return answer();
  };
  stubFetch({
    [`GET /api/screens/${token}`]: up(answers.view ?? (() => jsonResponse(view()))),
    'GET /api/lans/1/schedule': up(() =>
      jsonResponse(
        answers.schedule ?? [
          item(1, 'Quake duel', '2099-12-05T20:00:00+01:00', '2099-12-05T21:00:00+01:00'),
          item(2, 'Pizza', '2099-12-05T21:30:00+01:00', null),
        ],
      ),
    ),
    'GET /api/lans/1/announcements': up(() =>
      jsonResponse(answers.announcements?.() ?? [announcement(1, 'Doors close at 02:00', true)]),
    ),
    'GET /api/lans/1/now-playing': up(() => jsonResponse(answers.nowPlaying ?? board)),
    'GET /api/lans/1/food-rounds': up(() => jsonResponse(answers.foodRounds ?? [])),
  });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      {answers.stream ? (
        <LiveUpdates open={answers.stream.open}>
          <ScreenShow token={token} />
        </LiveUpdates>
      ) : (
        <ScreenShow token={token} />
      )}
    </QueryClientProvider>,
  );
  return { queryClient };
}

const turn = () => act(() => vi.advanceTimersByTimeAsync(15_000));

describe('a lan’s screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows its lan, who is here and the time, then its slides in turn', async () => {
    showScreen({});
    expect(await screen.findByText('Winter lan')).toBeInTheDocument();
    expect(screen.getByText('23 of 40 here')).toBeInTheDocument();
    // The community's clock, whatever the TV's own zone.
    expect(screen.getByText('20:30')).toBeInTheDocument();
    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(schedule).toHaveTextContent('NowQuake duel20:00 – 21:00 · Main hall');
    expect(schedule).toHaveTextContent('NextPizza21:30');
    await turn();
    expect(await screen.findByRole('region', { name: 'Announcements' })).toHaveTextContent(
      'Doors close at 02:00Pinned · 19:00',
    );
    await turn();
    expect(await screen.findByRole('region', { name: 'Now playing' })).toHaveTextContent(
      '2Quake2 playing: ada, bob',
    );
    await turn();
    expect(await screen.findByRole('region', { name: 'Who is here' })).toHaveTextContent(
      '23 of 40 lanners hereJust arrivedlate20:10',
    );
    await turn();
    expect(await screen.findByRole('region', { name: 'Schedule' })).toBeInTheDocument();
  });

  it('says the food is here across the screen for ten minutes after the organiser said so', async () => {
    showScreen({
      foodRounds: [
        buildFoodRound({
          state: 'closed',
          closesAt: '2099-12-05T19:30:00+01:00',
          arrivedAt: '2099-12-05T20:25:00+01:00',
        }),
        buildFoodRound({ id: 2, supplier: 'Sushi Zen', state: 'closed', arrivedAt: null }),
      ],
    });
    const food = await screen.findByText('Your food from Pizzeria Roma is here — come and get it!');
    expect(screen.queryByText(/Sushi Zen/)).not.toBeInTheDocument();
    // Still there nine minutes on; gone after ten.
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(food).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(
      screen.queryByText('Your food from Pizzeria Roma is here — come and get it!'),
    ).not.toBeInTheDocument();
  });

  it('dates what comes on another day, so a screen put up early does not seem to say tonight', async () => {
    showScreen({
      schedule: [
        item(1, 'Doors open', '2099-12-28T18:00:00+01:00', '2099-12-28T20:00:00+01:00'),
        item(2, 'Night of Quake', '2099-12-28T18:00:00+01:00', '2099-12-29T06:00:00+01:00'),
      ],
      announcements: () => [announcement(1, 'Bring a power strip', true)],
    });
    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(schedule).toHaveTextContent('NextDoors open28 Dec 2099, 18:00 – 20:00 · Main hall');
    expect(schedule).toHaveTextContent('Night of Quake28 Dec 2099, 18:00 – 29 Dec 2099, 06:00');
    await turn();
    // Made today: its time alone.
    expect(await screen.findByRole('region', { name: 'Announcements' })).toHaveTextContent(
      'Bring a power stripPinned · 19:00',
    );
  });

  it('says there is no screen at a link that never was one, not "switched off"', async () => {
    showScreen({
      view: () =>
        problemResponse(404, {
          detail:
            'There is no screen at this link. Check that the whole link was copied, or ask a lan administrator for it.',
        }),
    });
    expect(
      await screen.findByRole('heading', { name: /^There is no screen at this link/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/switched off/)).not.toBeInTheDocument();
  });

  it('interrupts the rotation with a new announcement, then goes on', async () => {
    let items = [announcement(1, 'Welcome')];
    const { queryClient } = showScreen({ announcements: () => items });
    await screen.findByRole('region', { name: 'Schedule' });
    items = [announcement(2, 'Finals start in the main hall'), ...items];
    await act(() => queryClient.invalidateQueries(announcementsQueryOptions(1)));
    const news = await screen.findByRole('region', { name: 'New announcement' });
    expect(news).toHaveTextContent('Finals start in the main hall');
    await turn();
    expect(screen.queryByRole('region', { name: 'New announcement' })).not.toBeInTheDocument();
  });

  it('says plainly when the site has no Steam key', async () => {
    showScreen({
      nowPlaying: { ...board, isCollecting: false, games: [], topGames: [], topPlayers: [] },
    });
    await screen.findByRole('region', { name: 'Schedule' });
    await turn();
    await turn();
    expect(await screen.findByRole('region', { name: 'Now playing' })).toHaveTextContent(
      'this site has no Steam Web API key',
    );
  });

  it('goes blank, "switched off", once its link is revoked', async () => {
    let isOn = true;
    const { queryClient } = showScreen({
      view: () =>
        isOn
          ? jsonResponse(view())
          : problemResponse(404, { detail: 'This screen was switched off.' }),
    });
    await screen.findByRole('region', { name: 'Schedule' });
    isOn = false;
    await act(() => queryClient.invalidateQueries({ queryKey: screenViewKey(token) }));
    expect(
      await screen.findByRole('heading', { name: 'This screen was switched off' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Winter lan')).not.toBeInTheDocument();
  });

  it('keeps turning what it last read for ten minutes without the site, marked, and is current once it answers', async () => {
    const stream = stubLiveEvents();
    let isDown = false;
    let presentCount = 23;
    showScreen({
      stream,
      isDown: () => isDown,
      view: () => jsonResponse(view({ presence: { ...view().presence, presentCount } })),
    });
    await screen.findByRole('region', { name: 'Schedule' });
    act(() => stream.current().onOpen?.(false));
    expect(screen.queryByText('Reconnecting…')).toBeNull();

    isDown = true;
    act(() => stream.current().onUnreachable?.());
    const seen = new Set<string>();
    for (let minute = 0; minute < 10; minute += 1) {
      for (let step = 0; step < 4; step += 1) {
        await turn();
        seen.add(screen.getByRole('main').querySelector('h2, h1')?.textContent ?? '');
      }
      expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
      expect(screen.getByText('Winter lan')).toBeInTheDocument();
      expect(screen.queryByText(/cannot reach the site/)).toBeNull();
    }
    // Every slide came round, still from what it read before the drop.
    expect(seen.size).toBeGreaterThanOrEqual(4);
    expect(screen.getByText('23 of 40 here')).toBeInTheDocument();

    // The site answers again: its stream opens, and what changed meanwhile shows.
    isDown = false;
    presentCount = 31;
    act(() => stream.current().onOpen?.(true));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('31 of 40 here')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
