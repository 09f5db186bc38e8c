import type { Subscriber, Tournament } from '@lanparty/contract';
import {
  buildOwnSubscription,
  buildPage,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type StubbedRequest, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { buildSoloEntry, buildTournament } from '../../../testing/tournament-fixtures.ts';

/*
 * Signing up offers only what the viewer may do (issue 51): one without a place at the lan
 * is told so; a lan administrator without one enters participants instead of signing up,
 * and one with a place chooses whether they play in the team they enter. A team's players
 * are counted before anything is sent.
 */
const ada = buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'] });
const organiser = buildViewer({ id: 1, nickname: 'orga', roles: ['LanAdministrator'] });

const participant = (id: number, nickname: string, status: Subscriber['status'] = 'Paid') =>
  buildSubscriber({ id: 100 + id, status, user: buildUserPublic({ id, nickname }) });
const soloCup = () => buildTournament({ entries: [buildSoloEntry(2, 'bob', 12)], entryCount: 1 });
const duoCup = () => buildTournament({ name: 'Duo Cup', teamSize: 2, maxEntrants: 8 });

/** Tournament 7, the lan's participants, and the viewer's place at lan 1 (or none). */
function stubApi(
  tournament: Tournament,
  { holdsPlace, pending = false }: { holdsPlace: boolean; pending?: boolean },
) {
  const own = holdsPlace
    ? [buildOwnSubscription({ status: 'Paid' })]
    : pending
      ? [buildOwnSubscription({ status: 'Pending' })]
      : [];
  const stub = stubFetch({
    'GET /api/tournaments/7': () => jsonResponse(tournament),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage(own)),
    'GET /api/lans/1/subscribers': () =>
      jsonResponse(
        buildPage([
          participant(11, 'ada'),
          participant(12, 'bob'),
          participant(13, 'cleo'),
          participant(14, 'dan', 'Accepted'),
          participant(40, 'pending-pat', 'Pending'),
        ]),
      ),
    'POST /api/tournaments/7/entries': () => jsonResponse(tournament, 201),
  });
  const sent = () =>
    stub.requests
      .filter((request: StubbedRequest) => request.method === 'POST')
      .map((request) => JSON.parse(String(request.body)));
  return { ...stub, sent };
}

const signUpRegion = () => screen.findByRole('region', { name: 'Sign-up' });

describe('signing up, as the viewer may', () => {
  it('tells a lanner without a place why they cannot sign up, offering no button', async () => {
    stubApi(soloCup(), { holdsPlace: false });
    renderApp('/tournaments/7', { viewer: ada });
    const region = await signUpRegion();
    expect(
      await within(region).findByText(
        'You hold no place at Winter Lan: its tournaments are for its participants (Accepted or Paid).',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells one whose place is pending that they may sign up once it is accepted', async () => {
    stubApi(soloCup(), { holdsPlace: false, pending: true });
    renderApp('/tournaments/7', { viewer: ada });
    const region = await signUpRegion();
    expect(
      await within(region).findByText(
        'Your place at Winter Lan is not confirmed yet: you may sign up once it is accepted.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('has a lan administrator without a place enter a participant, not sign up', async () => {
    const { sent } = stubApi(soloCup(), { holdsPlace: false });
    const { user } = renderApp('/tournaments/7', { viewer: organiser });
    const region = await signUpRegion();
    const form = await within(region).findByRole('form', { name: 'Enter a participant' });
    expect(region).toHaveTextContent(
      'You hold no place at Winter Lan: its tournaments are for its participants (Accepted or Paid); as a lan administrator you may enter them.',
    );
    expect(within(region).queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();

    const who = await within(form).findByRole('combobox', { name: 'Participant' });
    await user.click(within(form).getByRole('button', { name: 'Enter them' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose the participant to enter.');
    // Participants only, not one in already (bob), not the administrator.
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'ada', 'cleo', 'dan']);
    await user.selectOptions(who, 'cleo');
    await user.click(within(form).getByRole('button', { name: 'Enter them' }));
    await screen.findByRole('combobox', { name: 'Participant' });
    expect(sent()).toEqual([{ memberIds: [13] }]);
  });

  it('lets a lan administrator with a place sign up, and enter a participant too', async () => {
    stubApi(soloCup(), { holdsPlace: true });
    renderApp('/tournaments/7', { viewer: organiser });
    const region = await signUpRegion();
    expect(await within(region).findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(within(region).getByRole('form', { name: 'Enter a participant' })).toBeInTheDocument();
    expect(region).not.toHaveTextContent('You hold no place');
  });

  it('offers nobody a way in once the tournament is full, administrators neither', async () => {
    stubApi(buildTournament({ maxEntrants: 1, entryCount: 1, entries: soloCup().entries }), {
      holdsPlace: true,
    });
    renderApp('/tournaments/7', { viewer: organiser });
    const region = await signUpRegion();
    expect(region).toHaveTextContent('The tournament is full: 1 entries have signed up.');
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts a team’s players before sending: a captain’s teammates', async () => {
    const { sent } = stubApi(duoCup(), { holdsPlace: true });
    const { user } = renderApp('/tournaments/7', { viewer: ada });
    const form = await within(await signUpRegion()).findByRole('form', {
      name: 'Sign up a team',
    });
    await user.type(within(form).getByLabelText('Team name'), 'Rail Gunners');
    await user.click(within(form).getByRole('button', { name: 'Sign up the team' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Pick 1 teammate.');
    await user.click(await within(form).findByRole('checkbox', { name: 'bob' }));
    await user.click(within(form).getByRole('checkbox', { name: 'cleo' }));
    await user.click(within(form).getByRole('button', { name: 'Sign up the team' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Pick 1 teammate; 2 picked.');
    expect(sent()).toEqual([]);
  });

  it('has a lan administrator without a place enter a whole team, the first picked its captain', async () => {
    const { sent } = stubApi(duoCup(), { holdsPlace: false });
    const { user } = renderApp('/tournaments/7', { viewer: organiser });
    const form = await within(await signUpRegion()).findByRole('form', { name: 'Enter a team' });
    expect(within(form).queryByRole('checkbox', { name: /I play/ })).not.toBeInTheDocument();
    const players = within(form).getByRole('group', {
      name: 'Its 2 players, the first picked its captain (0 picked)',
    });
    await user.type(within(form).getByLabelText('Team name'), 'Night Shift');
    await user.click(await within(players).findByRole('checkbox', { name: 'dan' }));
    await user.click(within(players).getByRole('checkbox', { name: 'ada' }));
    await user.click(within(form).getByRole('button', { name: 'Enter the team' }));
    await within(form).findByRole('button', { name: 'Enter the team' });
    expect(sent()).toEqual([{ name: 'Night Shift', memberIds: [14, 11] }]);
  });

  it('lets a lan administrator with a place play in the team they sign up, or not', async () => {
    const { sent } = stubApi(duoCup(), { holdsPlace: true });
    const { user } = renderApp('/tournaments/7', { viewer: organiser });
    const form = await within(await signUpRegion()).findByRole('form', {
      name: 'Sign up a team',
    });
    expect(
      within(form).getByRole('checkbox', { name: 'I play in this team (its captain)' }),
    ).toBeChecked();
    await user.type(within(form).getByLabelText('Team name'), 'Crew');
    await user.click(await within(form).findByRole('checkbox', { name: 'bob' }));
    await user.click(within(form).getByRole('button', { name: 'Sign up the team' }));
    await within(form).findByRole('button', { name: 'Sign up the team' });
    // The administrator names themselves: a list without them would be a team of others.
    expect(sent()).toEqual([{ name: 'Crew', memberIds: [1, 12] }]);

    await user.click(
      within(form).getByRole('checkbox', { name: 'I play in this team (its captain)' }),
    );
    expect(screen.getByRole('form', { name: 'Enter a team' })).toBeInTheDocument();
  });
});
