import type { Lan, TournamentSummary } from '@lanparty/contract';
import { buildLan, buildLanDraft, buildPage } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentsKeys } from '../../../lib/tournaments/get-tournaments.ts';
import {
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import {
  buildTournament,
  finishedQuakeCup,
  runningQuakeCup,
  summaryOf,
} from '../../../testing/tournament-fixtures.ts';

const lanner = buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'] });
const organiser = buildViewer({ id: 1, nickname: 'orga', roles: ['LanAdministrator'] });

const winterLan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});

/** Three tournaments of lan 1: one open for sign-up, one under way, one won. */
const tournaments = (): TournamentSummary[] => [
  summaryOf(buildTournament({ id: 7, name: 'Quake Cup', entryCount: 3 })),
  summaryOf(
    runningQuakeCup({
      id: 8,
      name: 'Duo Cup',
      game: { id: 252950, name: 'Rocket League' },
      format: 'double_elimination',
      teamSize: 2,
      bestOf: 3,
      finalBestOf: 5,
    }),
  ),
  summaryOf(finishedQuakeCup({ id: 9, name: 'Rail Cup', bestOf: 3, finalBestOf: 3 })),
];

/** Lan 1's page with its tournaments; `more` answers the calls a test makes besides. */
function openLanPage(
  list: TournamentSummary[],
  {
    viewer = lanner,
    lan = winterLan,
    more = {},
  }: {
    viewer?: ReturnType<typeof buildViewer>;
    lan?: Lan;
    more?: Record<string, (request: StubbedRequest) => Response>;
  } = {},
) {
  const stub = stubFetch({
    'GET /api/lans/1': () => jsonResponse(lan),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/lans/1/seating': () => problemResponse(404, { title: 'Not Found' }),
    'GET /api/lans/1/schedule': () => jsonResponse([]),
    'GET /api/lans/1/announcements': () => jsonResponse([]),
    'GET /api/lans/1/tournaments': () => jsonResponse(list),
    // The community's time zone, for the form's sign-up close.
    'GET /api/lans/defaults': () => jsonResponse(buildLanDraft({ timeZone: 'Europe/Amsterdam' })),
    ...more,
  });
  const bodies = (method: string, path: string) =>
    stub.requests
      .filter((request) => request.method === method && request.url.pathname === path)
      .map((request) => JSON.parse(String(request.body)));
  return { ...stub, bodies, ...renderApp('/lans/1', { viewer }) };
}

const tournamentsRegion = () => screen.findByRole('region', { name: 'Tournaments' });

describe('tournaments on a lan’s page', () => {
  it('lists each with its game, rules and where it stands, linking to its bracket', async () => {
    openLanPage(tournaments());
    const region = await tournamentsRegion();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Quake CupQuake III ArenaSingle elimination · players alone · one game a match · final best of 3Sign-up open: 3 of 16',
      'Duo CupRocket LeagueDouble elimination · teams of 2 · best of 3 · final best of 5Under way',
      'Rail CupQuake III ArenaSingle elimination · players alone · best of 3Won by ada',
    ]);
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Quake Cup', '/tournaments/7'],
      ['Duo Cup', '/tournaments/8'],
      ['Rail Cup', '/tournaments/9'],
    ]);
  });

  it('opens a tournament’s page from its link', async () => {
    const { user, router } = openLanPage(tournaments(), {
      more: { 'GET /api/tournaments/8': () => jsonResponse(runningQuakeCup({ id: 8 })) },
    });
    await user.click(within(await tournamentsRegion()).getByRole('link', { name: 'Duo Cup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tournaments/8'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quake Cup' })).toBeInTheDocument();
  });

  it('offers a lanner no way to make one, and shows nothing when there is none', async () => {
    const { queryClient } = openLanPage([]);
    await screen.findByRole('article', { name: winterLan.name });
    // The list was read and answered empty: still no section.
    await waitFor(() =>
      expect(queryClient.getQueryState(tournamentsKeys.lan(1))?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Tournaments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New tournament' })).not.toBeInTheDocument();
  });

  it('offers a lanner no New tournament beside the list', async () => {
    openLanPage(tournaments());
    const region = await tournamentsRegion();
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('making a tournament, as a lan administrator', () => {
  // The browser in another zone than the community's: the form's times are the community's.
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  const made = () =>
    buildTournament({
      id: 12,
      name: 'Rocket Cup',
      game: { id: null, name: 'Rocket League' },
      format: 'double_elimination',
      teamSize: 2,
      maxEntrants: 8,
      bestOf: 3,
      finalBestOf: 5,
      checkIn: true,
    });

  it('makes one from the form, numbers sent as numbers, and opens it', async () => {
    const { user, router, bodies } = openLanPage([], {
      viewer: organiser,
      more: {
        'POST /api/lans/1/tournaments': () => jsonResponse(made(), 201),
        'GET /api/tournaments/12': () => jsonResponse(made()),
      },
    });
    const region = await tournamentsRegion();
    expect(region).toHaveTextContent('No tournaments yet.');
    await user.click(within(region).getByRole('button', { name: 'New tournament' }));

    const form = await within(region).findByRole('form', { name: 'New tournament' });
    const field = (label: string) => within(form).getByLabelText(label);
    await user.type(field('Name'), 'Rocket Cup');
    await user.type(field('Game'), 'Rocket League');
    await user.selectOptions(field('Format'), 'Double elimination');
    await user.clear(field('Team size'));
    await user.type(field('Team size'), '2');
    await user.clear(field('Most entrants'));
    await user.type(field('Most entrants'), '8');
    await user.selectOptions(field('Best of'), 'Best of 3');
    await user.selectOptions(field('The final'), 'Best of 5');
    // On the community's clocks, whatever the browser's zone: 20:00 in Amsterdam in December.
    await user.type(field('Sign-up closes'), '2099-12-04T20:00');
    await user.click(within(form).getByRole('checkbox', { name: /Entrants check in/ }));
    await user.click(within(form).getByRole('button', { name: 'Make the tournament' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tournaments/12'));
    expect(bodies('POST', '/api/lans/1/tournaments')).toEqual([
      {
        name: 'Rocket Cup',
        game: 'Rocket League',
        gameId: null,
        format: 'double_elimination',
        teamSize: 2,
        maxEntrants: 8,
        bestOf: 3,
        finalBestOf: 5,
        signUpClosesAt: '2099-12-04T20:00:00+01:00',
        checkIn: true,
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rocket Cup' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s message under the field it is about, and stays on the lan', async () => {
    const taken = 'Winter Lan already has a tournament called Quake Cup';
    const { user, router, bodies } = openLanPage(tournaments(), {
      viewer: organiser,
      more: {
        'POST /api/lans/1/tournaments': () =>
          problemResponse(400, {
            title: 'Bad Request',
            detail: 'The tournament is not valid.',
            errors: { name: [taken] },
          }),
      },
    });
    const region = await tournamentsRegion();
    await user.click(within(region).getByRole('button', { name: 'New tournament' }));
    const form = await within(region).findByRole('form', { name: 'New tournament' });
    await user.type(within(form).getByLabelText('Name'), 'Quake Cup');
    await user.type(within(form).getByLabelText('Game'), 'Quake');
    await user.click(within(form).getByRole('button', { name: 'Make the tournament' }));

    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(`At most 80 characters. ${taken}`);
    // Every message found its field: no alert besides.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Game')).not.toHaveAttribute('aria-invalid');
    // The defaults went as numbers too.
    expect(bodies('POST', '/api/lans/1/tournaments')).toMatchObject([
      {
        name: 'Quake Cup',
        game: 'Quake',
        teamSize: 1,
        maxEntrants: 16,
        bestOf: 1,
        finalBestOf: null,
      },
    ]);
    expect(router.state.location.pathname).toBe('/lans/1');
    expect(within(form).getByRole('button', { name: 'Make the tournament' })).toBeEnabled();
  });

  it('says a refusal that is about no field in the alert, keeping what was typed', async () => {
    const { user } = openLanPage(tournaments(), {
      viewer: organiser,
      more: {
        'POST /api/lans/1/tournaments': () =>
          problemResponse(409, { title: 'Conflict', detail: 'Winter Lan is over.' }),
      },
    });
    const region = await tournamentsRegion();
    await user.click(within(region).getByRole('button', { name: 'New tournament' }));
    const form = await within(region).findByRole('form', { name: 'New tournament' });
    await user.type(within(form).getByLabelText('Name'), 'Late Cup');
    await user.type(within(form).getByLabelText('Game'), 'Quake');
    await user.click(within(form).getByRole('button', { name: 'Make the tournament' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The tournament could not be made: Winter Lan is over.',
    );
    expect(within(form).getByLabelText('Name')).toHaveValue('Late Cup');
  });

  it('says an emptied team size is no number, rather than making it players alone', async () => {
    const { user, requests } = openLanPage(tournaments(), { viewer: organiser });
    const region = await tournamentsRegion();
    await user.click(within(region).getByRole('button', { name: 'New tournament' }));
    const form = await within(region).findByRole('form', { name: 'New tournament' });
    await user.type(within(form).getByLabelText('Name'), 'Duo Cup');
    await user.type(within(form).getByLabelText('Game'), 'Quake');
    await user.clear(within(form).getByLabelText('Team size'));
    await user.click(within(form).getByRole('button', { name: 'Make the tournament' }));

    const teamSize = within(form).getByLabelText('Team size');
    await waitFor(() => expect(teamSize).toHaveAttribute('aria-invalid', 'true'));
    expect(teamSize).toHaveAccessibleDescription(
      '1: players alone. Team size must be a whole number',
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says what is wrong under each field before sending anything', async () => {
    const { user, requests } = openLanPage(tournaments(), { viewer: organiser });
    const region = await tournamentsRegion();
    await user.click(within(region).getByRole('button', { name: 'New tournament' }));
    const form = await within(region).findByRole('form', { name: 'New tournament' });
    await user.type(within(form).getByLabelText('Game'), 'Quake');
    await user.selectOptions(within(form).getByLabelText('Format'), 'Round robin');
    await user.clear(within(form).getByLabelText('Most entrants'));
    await user.type(within(form).getByLabelText('Most entrants'), '30');
    await user.click(within(form).getByRole('button', { name: 'Make the tournament' }));

    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('At most 80 characters. Name is required');
    expect(within(form).getByLabelText('Most entrants')).toHaveAccessibleDescription(
      /A round robin takes at most 24 entrants/,
    );
    expect(within(form).getByLabelText('Game')).not.toHaveAttribute('aria-invalid');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('offers no New tournament once the lan is over', async () => {
    openLanPage(tournaments(), {
      viewer: organiser,
      lan: buildLan({
        startDate: '2020-12-04T18:00:00+01:00',
        endDate: '2020-12-06T18:00:00+01:00',
      }),
    });
    const region = await tournamentsRegion();
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(region).queryByRole('button', { name: 'New tournament' }),
    ).not.toBeInTheDocument();
  });
});
