import type { ScreenView, Tournament } from '@lanparty/contract';
import type { ScreenSlide } from '@lanparty/contract/rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tournamentsKeys } from '../lib/tournaments/get-tournaments.ts';
import { jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { createTestQueryClient } from '../testing/render-app.tsx';
import {
  buildMatch,
  buildSoloEntry,
  buildTournament,
  finishedQuakeCup,
  quakePlayers,
  runningQuakeCup,
  side,
  summaryOf,
} from '../testing/tournament-fixtures.ts';
import { ScreenShow } from './screen-show.tsx';
import { type SlideData, SlideOf, shownSlides } from './slides.tsx';

const now = new Date('2099-12-05T20:30:00+01:00');
const token = 'q3Z0XbF9mK2rTnW8cYpL4dVhJ6sAbCdEfGhIjKlMnOp';

const view = (slides: ScreenSlide[]): ScreenView => ({
  id: 4,
  name: 'Main hall TV',
  slides,
  rotationSeconds: 15,
  asOf: '2099-12-05T20:30:00+01:00',
  lan: {
    id: 1,
    name: 'Winter lan',
    startDate: '2099-12-04T18:00:00+01:00',
    endDate: '2099-12-06T18:00:00+01:00',
  },
  presence: { presentCount: 0, participantCount: 0, arrivals: [] },
});

/** What a screen showing the bracket slide (and the schedule) has read. */
const dataWith = (tournament: Tournament | undefined): SlideData => ({
  view: view(['schedule', 'bracket']),
  schedule: [],
  announcements: [],
  nowPlaying: undefined,
  seating: undefined,
  tournament,
});

function showSlide(tournament: Tournament) {
  render(<SlideOf slide="bracket" data={dataWith(tournament)} now={now} />);
  return screen.getByRole('region', { name: `${tournament.name} · ${tournament.game.name}` });
}

const column = (slide: HTMLElement, title: string) => {
  const heading = within(slide).getByRole('heading', { level: 2, name: title });
  return within(heading.parentElement as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('the screen’s bracket slide', () => {
  it('is shown only when there is a tournament with a bracket', () => {
    const chosen: ScreenSlide[] = ['schedule', 'bracket'];
    expect(shownSlides(chosen, dataWith(undefined), now)).toEqual([]);
    // Sign-up still open: no bracket yet.
    expect(
      shownSlides(chosen, dataWith(buildTournament({ entries: quakePlayers() })), now),
    ).toEqual([]);
    expect(shownSlides(chosen, dataWith(runningQuakeCup()), now)).toEqual(['bracket']);
    expect(shownSlides(chosen, dataWith(finishedQuakeCup()), now)).toEqual(['bracket']);
    // Not chosen for this screen: not shown, whatever the tournament.
    expect(shownSlides(['schedule'], dataWith(runningQuakeCup()), now)).toEqual([]);
  });

  it('lists the next matches with the players’ seats, and the latest results; no bye', () => {
    const slide = showSlide(runningQuakeCup());
    expect(within(slide).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Quake Cup · Quake III Arena',
    );
    expect(column(slide, 'Next matches')).toEqual(['ada – cleo(A1) (B4)']);
    expect(column(slide, 'Latest results')).toEqual(['ada – bob13–7']);
    expect(slide).not.toHaveTextContent('Bye');
  });

  it('shows the latest results first, a walkover as such, and players not seated without seats', () => {
    const cup = runningQuakeCup({
      // dan has no seat.
      entries: [...quakePlayers(), buildSoloEntry(4, 'dan', 14)],
    });
    const [bracket] = cup.groups;
    if (!bracket) throw new Error('The running cup has a bracket');
    bracket.rounds = [
      {
        id: 11,
        number: 1,
        name: 'Semi-finals',
        matches: [
          buildMatch(101, 1, 'completed', [
            side(1, { score: 13, result: 'win' }),
            side(2, { score: 7, result: 'loss' }),
          ]),
          buildMatch(102, 2, 'completed', [
            side(3, { score: 0, result: 'loss', forfeit: true }),
            side(4, { score: 0, result: 'win' }),
          ]),
        ],
      },
      {
        id: 12,
        number: 2,
        name: 'Final',
        matches: [buildMatch(103, 1, 'ready', [side(1), side(4)], { bestOf: 3 })],
      },
    ];
    const slide = showSlide(cup);
    expect(column(slide, 'Next matches')).toEqual(['ada – dan(A1) ']);
    expect(column(slide, 'Latest results')).toEqual(['cleo – danwalkover', 'ada – bob13–7']);
  });

  it('shows a finished one’s podium, and no matches', () => {
    const slide = showSlide(finishedQuakeCup());
    expect(
      within(slide)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1ada', '2cleo', '3bob']);
    expect(within(slide).queryByRole('heading', { name: 'Next matches' })).not.toBeInTheDocument();
  });
});

describe('a screen showing the bracket slide', () => {
  function showScreen(tournaments: Tournament[]) {
    const { requests } = stubFetch({
      [`GET /api/screens/${token}`]: () => jsonResponse(view(['bracket'])),
      'GET /api/lans/1/announcements': () => jsonResponse([]),
      'GET /api/lans/1/tournaments': () => jsonResponse(tournaments.map(summaryOf)),
      ...Object.fromEntries(
        tournaments.map((tournament) => [
          `GET /api/tournaments/${tournament.id}`,
          () => jsonResponse(tournament),
        ]),
      ),
    });
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <ScreenShow token={token} />
      </QueryClientProvider>,
    );
    return { requests, queryClient };
  }

  it('shows the tournament under way rather than one over or one still open', async () => {
    showScreen([
      finishedQuakeCup({ id: 6, name: 'Rail Cup' }),
      buildTournament({ id: 9, name: 'Duo Cup', entries: quakePlayers(), entryCount: 3 }),
      runningQuakeCup({ id: 7 }),
    ]);
    const slide = await screen.findByRole('region', { name: 'Quake Cup · Quake III Arena' });
    expect(await within(slide).findByText('ada – cleo')).toBeInTheDocument();
  });

  it('shows the last one over when none is under way', async () => {
    showScreen([
      finishedQuakeCup({ id: 5, name: 'Rail Cup' }),
      finishedQuakeCup({ id: 6, name: 'Rocket Cup' }),
    ]);
    const slide = await screen.findByRole('region', { name: 'Rocket Cup · Quake III Arena' });
    expect(within(slide).getAllByRole('listitem')[0]).toHaveTextContent('1ada');
  });

  it('shows no bracket slide while every tournament is still open for sign-up', async () => {
    const { requests, queryClient } = showScreen([
      buildTournament({ id: 9, entries: quakePlayers() }),
    ]);
    // The lan's tournaments are read, and none has a bracket to show.
    await waitFor(() =>
      expect(queryClient.getQueryState(tournamentsKeys.lan(1))?.status).toBe('success'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Winter lan' }),
    ).toBeInTheDocument();
    expect(requests.map((request) => request.url.pathname)).not.toContain('/api/tournaments/9');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
