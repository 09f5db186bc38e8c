import type { Tournament, TournamentEntry } from '@lanparty/contract';
import { buildPage } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { buildTeamEntry, buildTournament } from '../../../testing/tournament-fixtures.ts';

/*
 * A team's members before the start (issue 50, decision 046): those a captain names are
 * invited and join by accepting or decline; a member leaves; the captain withdraws an
 * invitation or takes a member out.
 */
const ada = buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'] });
const bob = buildViewer({ id: 12, nickname: 'bob', roles: ['Lanner'] });

const invited = (entry: TournamentEntry, ...people: [number, string][]): TournamentEntry => ({
  ...entry,
  invited: people.map(([userId, nickname]) => ({ userId, nickname, seat: null })),
});
const goblins = (): TournamentEntry =>
  invited(buildTeamEntry(5, 'Boost Goblins', [{ userId: 21, nickname: 'zoe' }]), [11, 'ada']);
const duoCup = (entries: TournamentEntry[], overrides: Partial<Tournament> = {}) =>
  buildTournament({
    name: 'Duo Cup',
    teamSize: 2,
    maxEntrants: 8,
    entries,
    entryCount: entries.length,
    ...overrides,
  });

type Keep = (next: Tournament) => Tournament;

/** Tournament 7's API, one tournament kept between calls, and what a change answers. */
function stubApi(initial: Tournament, changes: Record<string, (keep: Keep) => Response>) {
  let tournament = initial;
  const keepOf: Keep = (next) => {
    tournament = next;
    return next;
  };
  return stubFetch({
    'GET /api/tournaments/7': () => jsonResponse(tournament),
    'GET /api/lans/1/subscribers': () => jsonResponse(buildPage([])),
    ...Object.fromEntries(
      Object.entries(changes).map(([route, answer]) => [route, () => answer(keepOf)]),
    ),
  });
}

const signUp = () => screen.findByRole('region', { name: 'Sign-up' });

describe('a team’s invitations', () => {
  it('lets one invited join the team that asked', async () => {
    const { requests } = stubApi(duoCup([goblins()]), {
      'PUT /api/tournaments/7/entries/5/members/11': (keep) =>
        jsonResponse(
          keep(
            duoCup([
              buildTeamEntry(5, 'Boost Goblins', [
                { userId: 21, nickname: 'zoe' },
                { userId: 11, nickname: 'ada' },
              ]),
            ]),
          ),
        ),
    });
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const invitations = await within(await signUp()).findByRole('list', {
      name: 'Your invitations',
    });
    expect(invitations).toHaveTextContent('Boost Goblins invited you');
    await user.click(within(invitations).getByRole('button', { name: 'Join Boost Goblins' }));

    expect(await screen.findByText(/You are in as/)).toHaveTextContent(
      'You are in as Boost Goblins.',
    );
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Your invitations' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the team' })).toBeInTheDocument();
  });

  it('lets one invited decline, and says why a join was refused', async () => {
    const { requests } = stubApi(duoCup([goblins()]), {
      'PUT /api/tournaments/7/entries/5/members/11': () =>
        problemResponse(409, {
          title: 'Conflict',
          detail: 'You are in Duo Cup already, in Own Team.',
        }),
      'DELETE /api/tournaments/7/entries/5/members/11': (keep) => {
        keep(duoCup([buildTeamEntry(5, 'Boost Goblins', [{ userId: 21, nickname: 'zoe' }])]));
        return emptyResponse(204);
      },
    });
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const invitations = await screen.findByRole('list', { name: 'Your invitations' });
    await user.click(within(invitations).getByRole('button', { name: 'Join Boost Goblins' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are in Duo Cup already, in Own Team.',
    );
    await user.click(
      within(invitations).getByRole('button', { name: 'Decline Boost Goblins’s invitation' }),
    );
    expect(
      requests.filter((request) => request.method === 'DELETE').map((r) => r.url.pathname),
    ).toEqual(['/api/tournaments/7/entries/5/members/11']);
    await screen.findByRole('form', { name: 'Sign up a team' });
    expect(screen.queryByRole('list', { name: 'Your invitations' })).not.toBeInTheDocument();
  });

  it('is offered when the tournament is full: the team holds its place already', async () => {
    stubApi(duoCup([goblins()], { maxEntrants: 2, entryCount: 2 }), {});
    renderApp('/tournaments/7', { viewer: ada });
    const region = await signUp();
    expect(await within(region).findByRole('button', { name: 'Join Boost Goblins' })).toBeEnabled();
    expect(region).toHaveTextContent('The tournament is full');
  });

  it('shows the captain who has not answered yet, and withdraws an invitation', async () => {
    const { requests } = stubApi(
      duoCup([
        invited(buildTeamEntry(6, 'Rail Gunners', [{ userId: 11, nickname: 'ada' }]), [12, 'bob']),
      ]),
      {
        'DELETE /api/tournaments/7/entries/6/members/12': (keep) => {
          keep(duoCup([buildTeamEntry(6, 'Rail Gunners', [{ userId: 11, nickname: 'ada' }])]));
          return emptyResponse(204);
        },
      },
    );
    const { user } = renderApp('/tournaments/7', { viewer: ada });

    const region = await signUp();
    expect(await within(region).findByText(/Invited, not joined yet/)).toHaveTextContent(
      'Invited, not joined yet: bob.',
    );
    expect(await screen.findByRole('region', { name: 'Entries (1 of 8)' })).toHaveTextContent(
      'Rail Gunners: ada (invited: bob)',
    );
    expect(within(region).queryByRole('button', { name: 'Leave the team' })).toBeNull();
    await user.click(
      within(region).getByRole('button', { name: 'Withdraw the invitation to bob' }),
    );
    expect(await within(region).findByText('The team has 1 of 2 players.')).toBeInTheDocument();
    expect(
      requests.filter((request) => request.method === 'DELETE').map((r) => r.url.pathname),
    ).toEqual(['/api/tournaments/7/entries/6/members/12']);
  });

  it('lets a member leave the team before the start', async () => {
    const team = buildTeamEntry(6, 'Rail Gunners', [
      { userId: 11, nickname: 'ada' },
      { userId: 12, nickname: 'bob' },
    ]);
    const { requests } = stubApi(duoCup([team]), {
      'DELETE /api/tournaments/7/entries/6/members/12': (keep) => {
        keep(duoCup([buildTeamEntry(6, 'Rail Gunners', [{ userId: 11, nickname: 'ada' }])]));
        return emptyResponse(204);
      },
    });
    const { user } = renderApp('/tournaments/7', { viewer: bob });
    await user.click(await within(await signUp()).findByRole('button', { name: 'Leave the team' }));
    await screen.findByRole('form', { name: 'Sign up a team' });
    expect(
      requests.filter((request) => request.method === 'DELETE').map((r) => r.url.pathname),
    ).toEqual(['/api/tournaments/7/entries/6/members/12']);
  });
});

describe('a started team', () => {
  it('offers no way out', async () => {
    const team = buildTeamEntry(6, 'Rail Gunners', [
      { userId: 11, nickname: 'ada' },
      { userId: 12, nickname: 'bob' },
    ]);
    stubApi(duoCup([team], { state: 'running' }), {});
    renderApp('/tournaments/7', { viewer: bob });
    await screen.findByRole('region', { name: /Entries/ });
    expect(screen.queryByRole('region', { name: 'Sign-up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave the team' })).not.toBeInTheDocument();
  });
});
