import type { Subscriber, Tournament, TournamentMatch } from '@lanparty/contract';
import {
  buildLanDraft,
  buildOwnSubscription,
  buildPage,
  buildSubscriber,
  buildUserPublic,
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
import { buildViewer, createTestQueryClient, renderApp } from '../../../testing/render-app.tsx';
import {
  buildMatch,
  buildSoloEntry,
  buildTeamEntry,
  buildTournament,
  finishedQuakeCup,
  quakePlayers,
  runningQuakeCup,
  side,
} from '../../../testing/tournament-fixtures.ts';

const ada = buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'] });
const bob = buildViewer({ id: 12, nickname: 'bob', roles: ['Lanner'] });
const nova = buildViewer({ id: 30, nickname: 'nova', roles: ['Lanner'] });
const organiser = buildViewer({ id: 1, nickname: 'orga', roles: ['LanAdministrator'] });

type Responder = (request: StubbedRequest) => Response;

/**
 * Tournament 7's API as the server answers it, one tournament kept between calls: what a
 * change answers (`answers`, given the request) may replace it through `keep`.
 */
function stubTournamentApi(
  initial: Tournament,
  answers: (keep: (next: Tournament) => void) => Record<string, Responder> = () => ({}),
) {
  let tournament = initial;
  const keep = (next: Tournament) => {
    tournament = next;
  };
  const stub = stubFetch({
    'GET /api/tournaments/7': () => jsonResponse(tournament),
    // The viewer's place at the lan: Accepted, unless a test says otherwise.
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([buildOwnSubscription()])),
    ...answers(keep),
  });
  const bodies = (method: string, path: string) =>
    stub.requests
      .filter((request) => request.method === method && request.url.pathname === path)
      .map((request) =>
        request.body === undefined ? undefined : JSON.parse(String(request.body)),
      );
  return { ...stub, bodies, keep };
}

const region = (name: string) => screen.findByRole('region', { name });

/** The match card of a round's match `number`, in the bracket. */
async function matchCard(round: string, number: number) {
  const list = await screen.findByRole('list', { name: round });
  const card = within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(`Match ${number}: `));
  if (!card) throw new Error(`No match ${number} in ${round}`);
  return card;
}

describe('a tournament’s page', () => {
  it('shows its name, game and rules, where it stands and the way back to its lan', async () => {
    stubTournamentApi(runningQuakeCup());
    renderApp('/tournaments/7', { viewer: nova });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quake Cup' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Quake Cup – Lanparty'));
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(
      'Quake III Arena · Single elimination · players alone · one game a match · final best of 3',
    );
    expect(screen.getByText('Under way')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Winter Lan' })).toHaveAttribute(
      'href',
      '/lans/1#tournaments',
    );
    // Under way, nobody signs up any more; only an administrator runs it.
    expect(screen.queryByRole('region', { name: 'Sign-up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Run the tournament' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Final standings' })).not.toBeInTheDocument();
  });

  it('shows the bracket as lists: each round its matches, both sides with their scores, a bye as "Bye"', async () => {
    stubTournamentApi(runningQuakeCup());
    renderApp('/tournaments/7', { viewer: nova });

    const rounds = await screen.findByRole('list', { name: 'Main bracket: rounds' });
    // One part (no third-place match): its rounds are headed right under the section's h2.
    expect(
      within(rounds)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Semi-finals', 'Final']);

    const semiFinals = within(rounds).getByRole('list', { name: 'Semi-finals' });
    expect(
      within(semiFinals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Match 1: ada (won)13, bob7Played', 'Match 2: cleo, ByeBye']);
    const final = within(rounds).getByRole('list', { name: 'Final' });
    expect(
      within(final)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Match 1: ada, cleoTo play']);
    expect(final.closest('li')).toHaveTextContent('FinalBest of 3');
  });

  it('lists the next matches with the players’ seats, and the results so far', async () => {
    stubTournamentApi(runningQuakeCup());
    renderApp('/tournaments/7', { viewer: nova });

    const next = await region('Next matches');
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ada (seat A1)against cleo (seat B4)']);
    const results = await region('Results so far');
    // The bye is no result.
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Semi-finals: ada 13–7 bob']);
    const entries = await region('Entries (3 of 16)');
    expect(
      within(entries)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ada', 'bob', 'cleo']);
  });

  it('shows a finished one’s winner, final standings and every result, with no next matches', async () => {
    stubTournamentApi(finishedQuakeCup());
    renderApp('/tournaments/7', { viewer: nova });

    expect(await screen.findByText('Won by ada')).toBeInTheDocument();
    const standings = await region('Final standings');
    expect(
      within(standings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.ada', '2.cleo', '3.bob']);
    // Over, its results are no longer "so far".
    const results = await region('Results');
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Semi-finals: ada 13–7 bob', 'Final: ada 2–1 cleo']);
    expect(screen.queryByRole('region', { name: 'Next matches' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your match' })).not.toBeInTheDocument();
  });

  it('says a tournament that does not exist was not found', async () => {
    stubFetch({
      'GET /api/tournaments/99': () => problemResponse(404, { title: 'Not Found' }),
    });
    renderApp('/tournaments/99', { viewer: nova });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tournament not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(
      'Tournament 99 does not exist: it may have been deleted.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers each way on from there once', async () => {
    stubFetch({
      'GET /api/tournaments/99': () => problemResponse(404, { title: 'Not Found' }),
    });
    renderApp('/tournaments/99', { viewer: nova });
    const ways = await screen.findByRole('navigation', { name: 'Where to go from here' });
    const names = within(ways)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.filter((name) => name === 'Upcoming lans')).toHaveLength(1);
    expect(names).toContain('Past lans');
  });

  it('says an address that names no tournament was not found, asking nothing', async () => {
    const { requests } = stubFetch({});
    renderApp('/tournaments/abc', { viewer: nova });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tournament not found' }),
    ).toBeInTheDocument();
    expect(requests.filter(({ url }) => url.pathname.startsWith('/api/tournaments'))).toEqual([]);
  });

  it('says what failed when the tournament cannot be loaded, with Try again', async () => {
    stubFetch({
      'GET /api/tournaments/7': () => problemResponse(500, { title: 'Internal Server Error' }),
    });
    renderApp('/tournaments/7', { viewer: nova });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This tournament could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('your match', () => {
  /** The running cup with its final (ada against cleo, match 103) changed so. */
  const withFinal = (change: Partial<TournamentMatch>): Tournament => {
    const cup = runningQuakeCup();
    const final = cup.groups[0]?.rounds[1]?.matches[0];
    if (!final) throw new Error('The running cup has a final');
    Object.assign(final, change);
    return cup;
  };
  const reportForm = async () =>
    within(await region('Your match')).getByRole('form', { name: 'Report the score' });

  it('lets a side’s captain report the score, first side first, then waits for the other side', async () => {
    const { bodies } = stubTournamentApi(runningQuakeCup(), (keep) => ({
      'PUT /api/matches/103/report': () => {
        const next = withFinal({ reports: [[2, 1], null] });
        keep(next);
        return jsonResponse(next.groups[0]?.rounds[1]?.matches[0]);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const form = await reportForm();
    expect(form).toHaveTextContent('ada against cleo, best of 3: games won, ada first.');
    expect(within(form).getByRole('status')).toHaveTextContent(/^$/);
    await user.type(within(form).getByLabelText('ada'), '2');
    await user.type(within(form).getByLabelText('cleo'), '1');
    await user.click(within(form).getByRole('button', { name: 'Report the score' }));

    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent(
        'You reported 2–1. The match is settled once cleo reports the same.',
      ),
    );
    expect(bodies('PUT', '/api/matches/103/report')).toEqual([{ scores: [2, 1] }]);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('follows the match when the other side contradicts the report: one line, disputed', async () => {
    const queryClient = createTestQueryClient();
    const { keep } = stubTournamentApi(withFinal({ reports: [[2, 1], null] }));
    renderApp('/tournaments/7', { viewer: ada, queryClient });
    const form = await reportForm();
    expect(within(form).getByRole('status')).toHaveTextContent(
      'You reported 2–1. The match is settled once cleo reports the same.',
    );

    // cleo reports 1–2: the page hears the tournament's event and reads it again.
    keep(
      withFinal({
        reports: [
          [2, 1],
          [1, 2],
        ],
        disputed: true,
      }),
    );
    await queryClient.invalidateQueries({ queryKey: ['tournaments'] });

    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent(
        'Disputed: you reported 2–1, cleo 1–2. A lan administrator decides; report again if yours was wrong.',
      ),
    );
    expect(form).not.toHaveTextContent('settled once');
    expect(await matchCard('Final', 1)).toHaveTextContent('Disputed: an administrator decides');
  });

  it('says both sides agree once an agreeing report settles the match, before the next match', async () => {
    const dan = buildSoloEntry(4, 'dan', 14);
    const cup = (semi: TournamentMatch, final: TournamentMatch): Tournament =>
      buildTournament({
        state: 'running',
        entryCount: 4,
        entries: [...quakePlayers(), dan],
        groups: [
          {
            id: 1,
            number: 1,
            name: 'Main bracket',
            rounds: [
              {
                id: 11,
                number: 1,
                name: 'Semi-finals',
                matches: [
                  semi,
                  buildMatch(102, 2, 'completed', [
                    side(3, { score: 5, result: 'win' }),
                    side(4, { score: 1, result: 'loss' }),
                  ]),
                ],
              },
              { id: 12, number: 2, name: 'Final', matches: [final] },
            ],
          },
        ],
      });
    const before = cup(
      buildMatch(101, 1, 'ready', [side(1), side(2)], { reports: [null, [13, 7]] }),
      buildMatch(103, 1, 'waiting', [side(null), side(3)]),
    );
    const settledSemi = buildMatch(101, 1, 'completed', [
      side(1, { score: 13, result: 'win' }),
      side(2, { score: 7, result: 'loss' }),
    ]);
    const after = cup(settledSemi, buildMatch(103, 1, 'ready', [side(1), side(3)]));
    stubTournamentApi(before, (keep) => ({
      'PUT /api/matches/101/report': () => {
        keep(after);
        return jsonResponse(settledSemi);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const form = await reportForm();
    expect(within(form).getByRole('status')).toHaveTextContent(
      'bob reported 13–7: report the same to settle it.',
    );
    await user.type(within(form).getByLabelText('ada'), '13');
    await user.type(within(form).getByLabelText('bob'), '7');
    await user.click(within(form).getByRole('button', { name: 'Report the score' }));

    const yours = await region('Your match');
    expect(await within(yours).findByRole('status')).toHaveTextContent(
      'Both sides agree: the match is settled at 13–7, ada won.',
    );
    expect(within(yours).queryByRole('form')).not.toBeInTheDocument();
    await user.click(
      within(yours).getByRole('button', { name: 'On to your next match, against cleo' }),
    );
    expect(within(yours).getByRole('heading', { name: 'Your match' })).toHaveFocus();
    expect(await reportForm()).toHaveTextContent('ada against cleo');
  });

  it('says a lan administrator settled a reported match at another score', async () => {
    const queryClient = createTestQueryClient();
    const { keep } = stubTournamentApi(runningQuakeCup(), (keepNext) => ({
      'PUT /api/matches/103/report': () => {
        const next = withFinal({ reports: [[2, 1], null] });
        keepNext(next);
        return jsonResponse(next.groups[0]?.rounds[1]?.matches[0]);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada, queryClient });
    const form = await reportForm();
    await user.type(within(form).getByLabelText('ada'), '2');
    await user.type(within(form).getByLabelText('cleo'), '1');
    await user.click(within(form).getByRole('button', { name: 'Report the score' }));
    await within(form).findByText(/You reported 2–1/);

    keep(
      withFinal({
        status: 'completed',
        sides: [side(1, { score: 1, result: 'loss' }), side(3, { score: 2, result: 'win' })],
      }),
    );
    await queryClient.invalidateQueries({ queryKey: ['tournaments'] });
    expect(await within(await region('Your match')).findByRole('status')).toHaveTextContent(
      'A lan administrator settled the match at 1–2, cleo won.',
    );
  });

  it('says why a report was refused, with the server’s words', async () => {
    const refusal = 'A best of 3 ends when one side has won 2 games: 2–0 up to 2–1, not 1–1.';
    const { bodies } = stubTournamentApi(runningQuakeCup(), () => ({
      'PUT /api/matches/103/report': () =>
        problemResponse(400, { title: 'Bad Request', detail: refusal }),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const form = await reportForm();
    await user.type(within(form).getByLabelText('ada'), '1');
    await user.type(within(form).getByLabelText('cleo'), '1');
    await user.click(within(form).getByRole('button', { name: 'Report the score' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(form).getByRole('status')).toHaveTextContent(/^$/);
    expect(bodies('PUT', '/api/matches/103/report')).toEqual([{ scores: [1, 1] }]);
  });

  it('shows what the other side reported already', async () => {
    stubTournamentApi(withFinal({ reports: [null, [1, 2]] }));
    renderApp('/tournaments/7', { viewer: ada });
    expect(within(await reportForm()).getByRole('status')).toHaveTextContent(
      'cleo reported 1–2: report the same to settle it.',
    );
    expect(await matchCard('Final', 1)).toHaveTextContent('Reported by one side');
  });

  it('is not offered to one whose match is over, nor to one not in the tournament', async () => {
    stubTournamentApi(runningQuakeCup());
    const { unmount } = renderApp('/tournaments/7', { viewer: bob });
    await region('Next matches');
    expect(screen.queryByRole('region', { name: 'Your match' })).not.toBeInTheDocument();
    unmount();

    renderApp('/tournaments/7', { viewer: nova });
    await region('Next matches');
    expect(screen.queryByRole('region', { name: 'Your match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report the score' })).not.toBeInTheDocument();
  });
});

describe('signing up', () => {
  const openCup = (overrides: Partial<Tournament> = {}) => {
    const [, bob, cleo] = quakePlayers();
    return buildTournament({
      entries: [bob, cleo].flatMap((entry) => (entry ? [entry] : [])),
      entryCount: 2,
      ...overrides,
    });
  };
  const withAda = (tournament: Tournament): Tournament => ({
    ...tournament,
    entries: [...tournament.entries, buildSoloEntry(1, 'ada', 11, 'A1')],
    entryCount: tournament.entryCount + 1,
  });

  it('signs a player up alone with one button, sending nothing else', async () => {
    const { bodies } = stubTournamentApi(openCup(), (keep) => ({
      'POST /api/tournaments/7/entries': () => {
        const next = withAda(openCup());
        keep(next);
        return jsonResponse(next, 201);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    expect(await screen.findByText('Sign-up open: 2 of 16')).toBeInTheDocument();
    const signUp = await region('Sign-up');
    await user.click(within(signUp).getByRole('button', { name: 'Sign up' }));

    expect(await within(signUp).findByText(/You are in as/)).toHaveTextContent(
      'You are in as ada.',
    );
    expect(bodies('POST', '/api/tournaments/7/entries')).toEqual([{}]);
    expect(await screen.findByText('Sign-up open: 3 of 16')).toBeInTheDocument();
  });

  it('says why signing up was refused', async () => {
    stubTournamentApi(openCup(), () => ({
      'POST /api/tournaments/7/entries': () =>
        problemResponse(409, { title: 'Conflict', detail: 'Sign-up for Quake Cup is closed.' }),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });
    const signUp = await region('Sign-up');
    await user.click(await within(signUp).findByRole('button', { name: 'Sign up' }));
    expect(await within(signUp).findByRole('alert')).toHaveTextContent(
      'Sign-up for Quake Cup is closed.',
    );
    expect(within(signUp).getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it('tells one already in, and lets its captain withdraw', async () => {
    const { requests } = stubTournamentApi(withAda(openCup()), (keep) => ({
      'DELETE /api/tournaments/7/entries/1': () => {
        keep(openCup());
        return emptyResponse(204);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const signUp = await region('Sign-up');
    expect(signUp).toHaveTextContent('You are in as ada.');
    await user.click(within(signUp).getByRole('button', { name: 'Withdraw' }));

    expect(await within(signUp).findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(
      requests.filter(
        (request) =>
          request.method === 'DELETE' && request.url.pathname === '/api/tournaments/7/entries/1',
      ),
    ).toHaveLength(1);
    expect(signUp).not.toHaveTextContent('You are in as');
  });

  it('says when sign-up closes, and once it has closed offers no button', async () => {
    stubTournamentApi(openCup({ signUpClosesAt: '2099-12-04T20:00:00+01:00' }));
    const { unmount } = renderApp('/tournaments/7', { viewer: ada });
    const open = await region('Sign-up');
    expect(await within(open).findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(open).toHaveTextContent('Sign-up closes on 04 Dec 2099, 20:00.');
    unmount();

    stubTournamentApi(openCup({ signUpClosesAt: '2020-12-04T20:00:00+01:00' }));
    renderApp('/tournaments/7', { viewer: ada });
    const closed = await region('Sign-up');
    expect(closed).toHaveTextContent(/^Sign-upSign-up closed on 04 Dec 2020, 20:00\.$/);
    expect(within(closed).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Sign-up closed: 2 of 16')).toBeInTheDocument();
  });

  it('lets a lan administrator sign up after the close, saying so', async () => {
    stubTournamentApi(openCup({ signUpClosesAt: '2020-12-04T20:00:00+01:00' }));
    renderApp('/tournaments/7', { viewer: organiser });
    const signUp = await region('Sign-up');
    expect(await within(signUp).findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(signUp).toHaveTextContent('as a lan administrator you may still sign up.');
  });

  it('tells a full tournament’s visitor so, with no button', async () => {
    stubTournamentApi(openCup({ maxEntrants: 2 }));
    renderApp('/tournaments/7', { viewer: ada });
    const signUp = await region('Sign-up');
    expect(signUp).toHaveTextContent('The tournament is full: 2 entries have signed up.');
    expect(within(signUp).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks one signed out to sign in', async () => {
    stubTournamentApi(openCup());
    renderApp('/tournaments/7');
    expect(await region('Sign-up')).toHaveTextContent('Sign in to sign up.');
  });

  describe('as a team', () => {
    const subscriber = (id: number, nickname: string, status: Subscriber['status']): Subscriber =>
      buildSubscriber({ id: 100 + id, status, user: buildUserPublic({ id, nickname }) });
    const fragSisters = buildTeamEntry(5, 'Frag Sisters', [
      { userId: 21, nickname: 'zoe', seat: 'C1' },
      { userId: 22, nickname: 'yara', seat: 'C2' },
    ]);
    const duoCup = (overrides: Partial<Tournament> = {}) =>
      buildTournament({
        name: 'Duo Cup',
        teamSize: 2,
        maxEntrants: 8,
        entries: [fragSisters],
        entryCount: 1,
        ...overrides,
      });
    const participants = () =>
      jsonResponse(
        buildPage([
          subscriber(11, 'ada', 'Paid'),
          subscriber(12, 'bob', 'Accepted'),
          subscriber(13, 'cleo', 'Paid'),
          subscriber(21, 'zoe', 'Paid'),
          subscriber(22, 'yara', 'Paid'),
          subscriber(40, 'pending-pat', 'Pending'),
        ]),
      );

    it('lets a captain name the team and pick teammates among the lan’s participants not in one', async () => {
      const { bodies, requests } = stubTournamentApi(duoCup(), (keep) => ({
        'GET /api/lans/1/subscribers': participants,
        'POST /api/tournaments/7/entries': () => {
          const next = duoCup({
            entries: [
              fragSisters,
              buildTeamEntry(6, 'Rail Gunners', [
                { userId: 11, nickname: 'ada' },
                { userId: 12, nickname: 'bob' },
              ]),
            ],
            entryCount: 2,
          });
          keep(next);
          return jsonResponse(next, 201);
        },
      }));
      const { user } = renderApp('/tournaments/7', { viewer: ada });

      const form = await within(await region('Sign-up')).findByRole('form', {
        name: 'Sign up a team',
      });
      const teammates = within(form).getByRole('group', { name: /Your teammate/ });
      await within(teammates).findByRole('checkbox', { name: 'bob' });
      // Not ada herself, not those in a team, not one who is not coming.
      expect(
        within(teammates)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['bob', 'cleo']);
      expect(
        requests.find((request) => request.url.pathname === '/api/lans/1/subscribers')?.url.search,
      ).toBe('?offset=0&limit=100');

      await user.type(within(form).getByLabelText('Team name'), 'Rail Gunners');
      await user.click(within(teammates).getByRole('checkbox', { name: 'bob' }));
      expect(teammates).toHaveAccessibleName('Your teammate (1 picked)');
      await user.click(within(form).getByRole('button', { name: 'Sign up the team' }));

      expect(await screen.findByText(/You are in as/)).toHaveTextContent(
        'You are in as Rail Gunners.',
      );
      expect(bodies('POST', '/api/tournaments/7/entries')).toEqual([
        { name: 'Rail Gunners', memberIds: [12] },
      ]);
      expect(screen.getByRole('button', { name: 'Withdraw the team' })).toBeInTheDocument();
    });

    it('enters as the captain’s clan when asked', async () => {
      const clan = { id: 4, name: 'Pixel Pirates', tag: 'PXP', colour: '#1e6fd9' };
      const { bodies } = stubTournamentApi(duoCup(), () => ({
        'GET /api/lans/1/subscribers': participants,
        'POST /api/tournaments/7/entries': () =>
          problemResponse(400, {
            title: 'Bad Request',
            detail: 'bob is not in Pixel Pirates.',
          }),
      }));
      const { user } = renderApp('/tournaments/7', {
        viewer: buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'], clan }),
      });

      const form = await within(await region('Sign-up')).findByRole('form', {
        name: 'Sign up a team',
      });
      await user.click(
        within(form).getByRole('checkbox', { name: 'Enter as my clan, [PXP] Pixel Pirates' }),
      );
      expect(within(form).queryByLabelText('Team name')).not.toBeInTheDocument();
      await user.click(await within(form).findByRole('checkbox', { name: 'bob' }));
      await user.click(within(form).getByRole('button', { name: 'Sign up the team' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'bob is not in Pixel Pirates.',
      );
      expect(bodies('POST', '/api/tournaments/7/entries')).toEqual([
        { clanId: 4, memberIds: [12] },
      ]);
    });

    it('tells a team’s member they are in, without letting them withdraw the team', async () => {
      stubTournamentApi(duoCup(), () => ({ 'GET /api/lans/1/subscribers': participants }));
      renderApp('/tournaments/7', {
        viewer: buildViewer({ id: 22, nickname: 'yara', roles: ['Lanner'] }),
      });
      const signUp = await region('Sign-up');
      expect(signUp).toHaveTextContent('You are in as Frag Sisters.');
      // A member may leave (decision 046), not withdraw the team.
      expect(
        within(signUp)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Leave the team']);
      expect(await region('Entries (1 of 8)')).toHaveTextContent('Frag Sisters: zoe, yara');
    });
  });
});

describe('running a tournament, as a lan administrator', () => {
  const openCup = () => buildTournament({ entries: quakePlayers(), entryCount: 3 });

  it('starts it with a random draw', async () => {
    const { bodies } = stubTournamentApi(openCup(), (keep) => ({
      'POST /api/tournaments/7/start': () => {
        keep(runningQuakeCup());
        return jsonResponse(runningQuakeCup());
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const running = await region('Run the tournament');
    await user.click(within(running).getByRole('button', { name: 'Start with a random draw' }));

    expect(await screen.findByText('Under way')).toBeInTheDocument();
    expect(bodies('POST', '/api/tournaments/7/start')).toEqual([{ seeding: 'random' }]);
    expect(await screen.findByRole('list', { name: 'Main bracket: rounds' })).toBeInTheDocument();
    // Started, it is no longer started again.
    expect(
      within(await region('Run the tournament')).queryByRole('button', { name: /^Start/ }),
    ).not.toBeInTheDocument();
  });

  it('starts it in an order set by hand, best seed first', async () => {
    const { bodies } = stubTournamentApi(openCup(), () => ({
      'POST /api/tournaments/7/start': () => jsonResponse(runningQuakeCup()),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const running = await region('Run the tournament');
    await user.click(within(running).getByRole('button', { name: 'Seed by hand' }));
    const seeding = within(running).getByRole('list', { name: 'Seeding, best seed first' });
    const order = () =>
      within(seeding)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^\d+\. /).textContent);
    expect(order()).toEqual(['1. ada', '2. bob', '3. cleo']);
    expect(within(seeding).getByRole('button', { name: 'Up: ada' })).toBeDisabled();
    expect(within(seeding).getByRole('button', { name: 'Down: cleo' })).toBeDisabled();

    await user.click(within(seeding).getByRole('button', { name: 'Down: ada' }));
    expect(order()).toEqual(['1. bob', '2. ada', '3. cleo']);
    await user.click(within(seeding).getByRole('button', { name: 'Up: cleo' }));
    expect(order()).toEqual(['1. bob', '2. cleo', '3. ada']);
    await user.click(within(running).getByRole('button', { name: 'Start in this order' }));

    await waitFor(() =>
      expect(bodies('POST', '/api/tournaments/7/start')).toEqual([
        { seeding: 'ordered', entryIds: [2, 3, 1] },
      ]),
    );
  });

  it('changes its rules in a form that starts from them, the game kept linked', async () => {
    const quake = buildTournament({
      entries: quakePlayers(),
      entryCount: 3,
      game: { id: 2200, name: 'Quake III Arena' },
      signUpClosesAt: '2099-12-04T20:00:00+01:00',
    });
    const { bodies } = stubTournamentApi(quake, (keep) => ({
      'GET /api/lans/defaults': () => jsonResponse(buildLanDraft({ timeZone: 'Europe/Amsterdam' })),
      'PUT /api/tournaments/7': () => {
        const next = { ...quake, name: 'Rail Cup', maxEntrants: 8 };
        keep(next);
        return jsonResponse(next);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const running = await region('Run the tournament');
    await user.click(within(running).getByRole('button', { name: 'Change the rules' }));
    const form = await within(running).findByRole('form', { name: 'The rules' });
    expect(within(running).getByRole('heading', { name: 'The rules' })).toHaveFocus();
    expect(within(form).getByLabelText('Name')).toHaveValue('Quake Cup');
    expect(within(form).getByLabelText('Most entrants')).toHaveValue(16);
    expect(within(form).getByLabelText('Sign-up closes')).toHaveValue('2099-12-04T20:00');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Rail Cup');
    await user.clear(within(form).getByLabelText('Most entrants'));
    await user.type(within(form).getByLabelText('Most entrants'), '8');
    await user.click(within(form).getByRole('button', { name: 'Save the rules' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rail Cup' })).toBeInTheDocument();
    expect(within(running).queryByRole('form')).not.toBeInTheDocument();
    expect(within(running).getByRole('button', { name: 'Change the rules' })).toHaveFocus();
    expect(bodies('PUT', '/api/tournaments/7')).toEqual([
      {
        name: 'Rail Cup',
        game: 'Quake III Arena',
        gameId: 2200,
        format: 'single_elimination',
        teamSize: 1,
        maxEntrants: 8,
        bestOf: 1,
        finalBestOf: 3,
        signUpClosesAt: '2099-12-04T20:00:00+01:00',
        checkIn: false,
      },
    ]);
  });

  it('shows what the start fixed instead of asking for it again', async () => {
    const { bodies } = stubTournamentApi(runningQuakeCup(), () => ({
      'GET /api/lans/defaults': () => jsonResponse(buildLanDraft({ timeZone: 'Europe/Amsterdam' })),
      'PUT /api/tournaments/7': () =>
        problemResponse(409, {
          title: 'Conflict',
          detail: 'Quake Cup has started: its format can no longer change.',
        }),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const running = await region('Run the tournament');
    await user.click(within(running).getByRole('button', { name: 'Change the rules' }));
    const form = await within(running).findByRole('form', { name: 'The rules' });
    expect(form).toHaveTextContent(
      'Fixed since the start: Single elimination · players alone · at most 16 entrants.',
    );
    for (const label of ['Format', 'Team size', 'Most entrants', 'Sign-up closes'])
      expect(within(form).queryByLabelText(label)).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Best of'), 'Best of 3');
    await user.click(within(form).getByRole('button', { name: 'Save the rules' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The rules could not be saved: Quake Cup has started: its format can no longer change.',
    );
    expect(bodies('PUT', '/api/tournaments/7')).toMatchObject([
      { format: 'single_elimination', teamSize: 1, maxEntrants: 16, bestOf: 3, checkIn: false },
    ]);
    await user.click(within(running).getByRole('button', { name: 'Leave the rules as they are' }));
    expect(within(running).queryByRole('form', { name: 'The rules' })).not.toBeInTheDocument();
  });

  it('removes an entry and checks one in before the start', async () => {
    const cup = () => buildTournament({ entries: quakePlayers(), entryCount: 3, checkIn: true });
    const { requests } = stubTournamentApi(cup(), (keep) => ({
      'POST /api/tournaments/7/entries/3/check-in': () => {
        const next = cup();
        next.entries = next.entries.map((entry) =>
          entry.id === 3 ? { ...entry, checkedIn: true } : entry,
        );
        keep(next);
        return jsonResponse(next);
      },
      'DELETE /api/tournaments/7/entries/2': () => {
        const next = cup();
        next.entries = next.entries
          .filter((entry) => entry.id !== 2)
          .map((entry) => (entry.id === 3 ? { ...entry, checkedIn: true } : entry));
        next.entryCount = 2;
        keep(next);
        return emptyResponse(204);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const entries = await region('Entries (3 of 16)');
    await user.click(within(entries).getByRole('button', { name: 'Check in cleo' }));
    const entryTexts = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild?.textContent);
    await waitFor(() =>
      expect(entryTexts(entries)).toEqual([
        'ada · not checked in',
        'bob · not checked in',
        'cleo · checked in',
      ]),
    );
    expect(
      within(entries).queryByRole('button', { name: 'Check in cleo' }),
    ).not.toBeInTheDocument();
    await user.click(within(entries).getByRole('button', { name: 'Remove bob' }));
    const fewer = await region('Entries (2 of 16)');
    // The button pressed is gone: focus is on the list's heading.
    await waitFor(() =>
      expect(within(fewer).getByRole('heading', { name: 'Entries (2 of 16)' })).toHaveFocus(),
    );
    expect(entryTexts(fewer)).toEqual(['ada · not checked in', 'cleo · checked in']);
    expect(
      requests
        .filter((request) => request.method !== 'GET')
        .map((request) => `${request.method} ${request.url.pathname}`),
    ).toEqual([
      'POST /api/tournaments/7/entries/3/check-in',
      'DELETE /api/tournaments/7/entries/2',
    ]);
  });

  it('makes an entry under way give up once asked to confirm, its matches walkovers', async () => {
    const { requests } = stubTournamentApi(runningQuakeCup(), (keep) => ({
      'DELETE /api/tournaments/7/entries/3': () => {
        const next = runningQuakeCup();
        next.entries = next.entries.map((entry) =>
          entry.id === 3 ? { ...entry, forfeited: true } : entry,
        );
        keep(next);
        return emptyResponse(204);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const entries = await region('Entries (3 of 16)');
    expect(within(entries).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(within(entries).getByRole('button', { name: 'Give up for cleo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up for cleo?' });
    expect(dialog).toHaveTextContent('Its matches to come go to the other side as walkovers.');
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.click(within(entries).getByRole('button', { name: 'Give up for cleo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Give up for cleo?' })).getByRole('button', {
        name: 'Give up',
      }),
    );
    await waitFor(() =>
      expect(
        within(entries)
          .getAllByRole('listitem')
          .map((item) => item.firstElementChild?.textContent),
      ).toEqual(['ada', 'bob', 'cleo · gave up']),
    );
    expect(
      within(entries).queryByRole('button', { name: 'Give up for cleo' }),
    ).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('lets a captain give up for their own entry only', async () => {
    const { requests } = stubTournamentApi(runningQuakeCup(), () => ({
      'DELETE /api/tournaments/7/entries/1': () =>
        problemResponse(409, { title: 'Conflict', detail: 'Quake Cup is over.' }),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: ada });
    const entries = await region('Entries (3 of 16)');
    expect(
      within(entries)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Give up for ada']);
    await user.click(within(entries).getByRole('button', { name: 'Give up for ada' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Give up for ada?' })).getByRole('button', {
        name: 'Give up',
      }),
    );
    // A refusal is said under the entries.
    expect(await within(entries).findByRole('alert')).toHaveTextContent('Quake Cup is over.');
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('offers no start before 2 entries are in, saying so', async () => {
    stubTournamentApi(buildTournament({ entries: quakePlayers().slice(0, 1), entryCount: 1 }));
    renderApp('/tournaments/7', { viewer: organiser });
    const running = await region('Run the tournament');
    expect(running).toHaveTextContent('It starts with at least 2 entries: 1 so far.');
    expect(within(running).queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: 'Seed by hand' })).not.toBeInTheDocument();
  });

  it('says why the start was refused', async () => {
    const refusal = 'A tournament needs at least 2 entries to start.';
    stubTournamentApi(openCup(), () => ({
      'POST /api/tournaments/7/start': () =>
        problemResponse(409, { title: 'Conflict', detail: refusal }),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });
    const running = await region('Run the tournament');
    await user.click(within(running).getByRole('button', { name: 'Start with a random draw' }));
    expect(await within(running).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByText('Sign-up open: 3 of 16')).toBeInTheDocument();
  });

  it('sets a match’s result in a dialog', async () => {
    const { bodies } = stubTournamentApi(runningQuakeCup(), () => ({
      'PUT /api/matches/103/result': () => {
        const final = finishedQuakeCup().groups[0]?.rounds[1]?.matches[0];
        return jsonResponse(final);
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const final = await matchCard('Final', 1);
    // A bye has no result to set.
    expect(within(await matchCard('Semi-finals', 2)).queryByRole('button')).not.toBeInTheDocument();
    await user.click(
      within(final).getByRole('button', { name: 'Set the result of Final, match 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set the result' });
    expect(dialog).toHaveTextContent('ada against cleo, best of 3.');
    await user.type(within(dialog).getByLabelText('ada'), '2');
    await user.type(within(dialog).getByLabelText('cleo'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Set the result' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies('PUT', '/api/matches/103/result')).toEqual([
      { scores: [2, 0], resetFollowing: false },
    ]);
  });

  it('gives a match away as a walkover', async () => {
    const { bodies } = stubTournamentApi(runningQuakeCup(), () => ({
      'PUT /api/matches/103/result': () => jsonResponse({}),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });
    await user.click(
      within(await matchCard('Final', 1)).getByRole('button', {
        name: 'Set the result of Final, match 1',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set the result' });
    await user.selectOptions(
      within(dialog).getByLabelText('Or a walkover'),
      'cleo wins without playing',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Set the result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies('PUT', '/api/matches/103/result')).toEqual([
      { forfeit: 0, resetFollowing: false },
    ]);
  });

  it('corrects a settled result only once told which later matches it resets', async () => {
    const detail =
      'Correcting this result resets 1 match played after it: Final: ada vs cleo. ' +
      'Send it again with resetFollowing to go ahead.';
    const { bodies } = stubTournamentApi(finishedQuakeCup(), () => ({
      'PUT /api/matches/101/result': (request) => {
        const input = JSON.parse(String(request.body)) as { resetFollowing: boolean };
        if (!input.resetFollowing) {
          const problem = { title: 'Conflict', detail, matchIds: [103] };
          return problemResponse(409, problem);
        }
        return jsonResponse({});
      },
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });

    const semiFinal = await matchCard('Semi-finals', 1);
    await user.click(
      within(semiFinal).getByRole('button', { name: 'Correct the result of Semi-finals, match 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result' });
    // The settled scores to start from.
    expect(within(dialog).getByLabelText('ada')).toHaveValue(13);
    expect(within(dialog).getByLabelText('bob')).toHaveValue(7);
    await user.clear(within(dialog).getByLabelText('bob'));
    await user.type(within(dialog).getByLabelText('bob'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Correct' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Correcting this result resets 1 match played after it: Final: ada vs cleo.',
    );
    expect(dialog).not.toHaveTextContent('resetFollowing');
    expect(bodies('PUT', '/api/matches/101/result')).toEqual([
      { scores: [13, 15], resetFollowing: false },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset them and correct' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies('PUT', '/api/matches/101/result')).toEqual([
      { scores: [13, 15], resetFollowing: false },
      { scores: [13, 15], resetFollowing: true },
    ]);
  });

  it('keeps the dialog open with the reason when a result is refused', async () => {
    const refusal = 'A match here cannot end in a draw: one side must score more.';
    stubTournamentApi(runningQuakeCup(), () => ({
      'PUT /api/matches/103/result': () =>
        problemResponse(400, { title: 'Bad Request', detail: refusal }),
    }));
    const { user } = renderApp('/tournaments/7', { viewer: organiser });
    await user.click(
      within(await matchCard('Final', 1)).getByRole('button', {
        name: 'Set the result of Final, match 1',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set the result' });
    await user.type(within(dialog).getByLabelText('ada'), '1');
    await user.type(within(dialog).getByLabelText('cleo'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Set the result' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).queryByRole('button', { name: 'Reset them and correct' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('points at a disputed match', async () => {
    const cup = runningQuakeCup();
    const final = cup.groups[0]?.rounds[1]?.matches[0];
    if (final)
      Object.assign(final, {
        reports: [
          [2, 1],
          [1, 2],
        ],
        disputed: true,
      });
    stubTournamentApi(cup);
    renderApp('/tournaments/7', { viewer: organiser });
    expect(await region('Run the tournament')).toHaveTextContent(
      'One match is disputed: set the result in the bracket.',
    );
    expect(await matchCard('Final', 1)).toHaveTextContent(
      'Disputed: an administrator decides (2–1 against 1–2)',
    );
  });

  it('offers none of this to a lanner', async () => {
    stubTournamentApi(runningQuakeCup());
    renderApp('/tournaments/7', { viewer: nova });
    const final = await matchCard('Final', 1);
    expect(within(final).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Run the tournament' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /result/ })).not.toBeInTheDocument();
  });
});
