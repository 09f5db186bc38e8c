import type { Clan, ClanSeatingPlan } from '@lanparty/contract';
import {
  buildOccupant,
  buildSeating,
  buildSeatSwap,
  buildSubscriber,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';
import { emptyResponse, jsonResponse, problemResponse } from '../../../testing/fetch-stub.ts';
import {
  bodyOf,
  mine,
  nick,
  renderSeats,
  row,
  seatsRegion,
  stubSeatsPage,
} from '../testing/open-lan-seats.ts';

/*
 * What the seat board says after an action (issue 51 §1: one line, the latest), seat
 * swaps, and seating a clan together after saying who would move where (§3).
 */

/** The board's outcome lines with something in them: one at most. */
const outcomeLines = (board: HTMLElement) =>
  [...within(board).queryAllByRole('status'), ...within(board).queryAllByRole('alert')]
    .filter((line) => !line.closest('form') && line.textContent !== '')
    .map((line) => line.textContent);

describe('seat swaps', () => {
  it('asks the one on a taken seat to swap', async () => {
    const { requests } = stubSeatsPage({
      seating: () => buildSeating({ seats: row({ A1: { occupant: mine } }) }),
      more: { 'POST /api/lans/1/seat-swaps': () => jsonResponse(buildSeatSwap(), 201) },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'Seat A2, taken by Nick [TAG]' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Nick to swap?' });
    expect(dialog).toHaveTextContent('If Nick accepts, you sit at A2 and they sit at A1.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask Nick to swap' }));
    expect(
      await within(board).findByText('You asked Nick to swap seats', { exact: false }),
    ).toHaveAttribute('role', 'status');
    const post = requests.find((request) => request.method === 'POST');
    expect(post && bodyOf(post)).toEqual({ userId: 2 });
  });

  it('accepts a swap asked of the viewer, and both move', async () => {
    let seats = row({ A1: { occupant: mine } });
    let swaps = [buildSeatSwap()];
    const { requests } = stubSeatsPage({
      seating: () => buildSeating({ seats }),
      swaps: () => swaps,
      more: {
        'POST /api/lans/1/seat-swaps/5/accept': () => {
          seats = row({ A1: { occupant: { ...nick } }, A2: { occupant: mine } });
          swaps = [];
          return jsonResponse(buildSeatSwap());
        },
      },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    const swapsRegion = await within(board).findByRole('region', { name: 'Seat swaps' });
    expect(swapsRegion).toHaveTextContent('Nick (A2) asks to swap with your seat A1.');
    await user.click(
      within(swapsRegion).getByRole('button', { name: 'Accept the swap with Nick' }),
    );
    expect(await within(board).findByText('Swapped: you sit at A2 now.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(
      await within(board).findByRole('button', { name: 'Seat A2, your seat' }),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.endsWith('/accept'))).toBe(true);
  });

  it('declines one asked of the viewer, and cancels their own', async () => {
    const { requests } = stubSeatsPage({
      seating: () => buildSeating({ seats: row({ A1: { occupant: mine } }) }),
      swaps: () => [
        buildSeatSwap(),
        buildSeatSwap({
          id: 6,
          from: { userId: 1, nickname: 'pixelpete', seat: 'A1' },
          to: { userId: 3, nickname: 'Zoë', seat: 'A6' },
        }),
      ],
      more: {
        'DELETE /api/lans/1/seat-swaps/5': () => emptyResponse(),
        'DELETE /api/lans/1/seat-swaps/6': () => emptyResponse(),
      },
    });
    const { user } = renderSeats();
    const swapsRegion = await within(await seatsRegion()).findByRole('region', {
      name: 'Seat swaps',
    });
    expect(swapsRegion).toHaveTextContent('You asked Zoë (A6) to swap with your seat A1.');
    await user.click(
      within(swapsRegion).getByRole('button', { name: 'Decline the swap with Nick' }),
    );
    const board = await seatsRegion();
    await within(board).findByText('You declined Nick’s swap.');
    await user.click(within(swapsRegion).getByRole('button', { name: 'Cancel the swap with Zoë' }));
    await within(board).findByText('Your swap with Zoë is cancelled.');
    expect(outcomeLines(board)).toEqual(['Your swap with Zoë is cancelled.']);
    expect(
      requests.filter((request) => request.method === 'DELETE').map((r) => r.url.pathname),
    ).toEqual(['/api/lans/1/seat-swaps/5', '/api/lans/1/seat-swaps/6']);
  });
});

describe('the outcome line', () => {
  it.each(['Map', 'List'])('says how the latest action went, and only that (%s)', async (view) => {
    let seats = row({ A1: { occupant: mine } });
    let swaps = [buildSeatSwap()];
    stubSeatsPage({
      seating: () => buildSeating({ seats }),
      swaps: () => swaps,
      more: {
        'PUT /api/lans/1/seats/4/occupant': () => {
          seats = row({ A4: { occupant: mine } });
          return jsonResponse(seats[3]);
        },
        'POST /api/lans/1/seat-swaps/5/accept': () => {
          seats = row({ A2: { occupant: mine }, A4: { occupant: nick } });
          swaps = [];
          return jsonResponse(buildSeatSwap());
        },
      },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: view }));
    await user.click(within(board).getByRole('button', { name: 'Seat A4, free' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Move to A4?' })).getByRole('button', {
        name: 'Move to A4',
      }),
    );
    await within(board).findByText('You sit at A4 now.');
    expect(outcomeLines(board)).toEqual(['You sit at A4 now.']);

    const swapsRegion = within(board).getByRole('region', { name: 'Seat swaps' });
    await user.click(
      within(swapsRegion).getByRole('button', { name: 'Accept the swap with Nick' }),
    );
    await within(board).findByText('Swapped: you sit at A2 now.');
    expect(outcomeLines(board)).toEqual(['Swapped: you sit at A2 now.']);
    expect(within(board).queryByText('You sit at A4 now.')).not.toBeInTheDocument();
    await waitFor(() => expect(board).toHaveTextContent('Your seat: A2'));
  });

  it('goes once the viewer’s seat changes by someone else’s hand', async () => {
    let seats = row();
    stubSeatsPage({
      seating: () => buildSeating({ seats }),
      more: {
        'PUT /api/lans/1/seats/4/occupant': () => {
          seats = row({ A4: { occupant: mine } });
          return jsonResponse(seats[3]);
        },
      },
    });
    const { user, queryClient } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'Seat A4, free' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take seat' }),
    );
    await within(board).findByText('You sit at A4 now.');
    // A lan administrator moves the viewer to A6; the map hears of it (a live event).
    seats = row({ A6: { occupant: mine } });
    await queryClient.invalidateQueries({ queryKey: lansKeys.seating(1) });
    await waitFor(() => expect(board).toHaveTextContent('Your seat: A6'));
    expect(outcomeLines(board)).toEqual([]);
  });

  it('replaces a success with a refusal, and a refusal with the next success', async () => {
    let seats = row();
    stubSeatsPage({
      seating: () => buildSeating({ seats }),
      more: {
        'PUT /api/lans/1/seats/4/occupant': () =>
          problemResponse(409, { detail: 'Seat A4 was just taken by Nick.' }),
        'PUT /api/lans/1/seats/5/occupant': () => {
          seats = row({ A5: { occupant: mine } });
          return jsonResponse(seats[4]);
        },
      },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'Seat A4, free' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take seat' }),
    );
    await within(board).findByRole('alert');
    expect(outcomeLines(board)).toEqual(['Seat A4 was just taken by Nick.']);
    await user.click(within(board).getByRole('button', { name: 'Seat A5, free' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take seat' }),
    );
    await within(board).findByText('You sit at A5 now.');
    expect(outcomeLines(board)).toEqual(['You sit at A5 now.']);
  });
});

describe('clans and lan administrators', () => {
  const clan: Clan = {
    id: 7,
    name: 'Pixel Pirates',
    tag: 'TAG',
    colour: '#b5177d',
    creationDate: '2026-01-01T10:00:00Z',
    code: null,
    members: [
      {
        user: { id: 1, nickname: 'pixelpete', avatarVersion: null },
        role: 'seatManager',
        joinedDate: '2026-01-01T10:00:00Z',
        comingLans: [buildSubscriber().lan],
      },
      {
        user: { id: 4, nickname: 'Bea', avatarVersion: null },
        role: 'member',
        joinedDate: '2026-01-01T10:00:00Z',
        comingLans: [buildSubscriber().lan],
      },
    ],
  };
  const inClan = { clan: { id: 7, name: 'Pixel Pirates', tag: 'TAG', colour: '#b5177d' } };

  /** The plan the server answers: Bea to A5, pixelpete from A1 to A6. */
  const plan: ClanSeatingPlan = {
    clanId: 7,
    everyone: true,
    where: 'Row A',
    isTogether: false,
    moves: [
      { userId: 4, nickname: 'Bea', from: null, to: 'A5', seatId: 5 },
      { userId: 1, nickname: 'pixelpete', from: 'A1', to: 'A6', seatId: 6 },
    ],
  };

  it('says who would move from which seat to which, and seats them once told yes', async () => {
    let seats = row({ A1: { occupant: mine } });
    const { requests } = stubSeatsPage({
      seating: () => buildSeating({ seats }),
      more: {
        'GET /api/clans/7': () => jsonResponse(clan),
        'POST /api/lans/1/seating/clan-blocks/plan': () => jsonResponse(plan),
        'POST /api/lans/1/seating/clan-blocks': () => {
          seats = row({ A5: { occupant: buildOccupant({ userId: 4 }) }, A6: { occupant: mine } });
          return jsonResponse(buildSeating({ seats }));
        },
      },
    });
    const { user } = renderSeats(inClan);
    const board = await seatsRegion();
    expect(
      within(board).getByRole('button', { name: 'Seat A2, taken by Nick [TAG], your clan' }),
    ).toBeInTheDocument();
    await user.click(
      await within(board).findByRole('checkbox', { name: 'Move those already seated too' }),
    );
    await user.click(await within(board).findByRole('button', { name: 'Seat my clan together…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Seat Pixel Pirates together?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bea (no seat yet) gets A5', 'pixelpete moves from A1 to A6']);
    expect(dialog).toHaveTextContent('Everyone else of the clan keeps their seat.');
    const posted = () =>
      requests.filter((request) => request.url.pathname.endsWith('/clan-blocks'));
    expect(posted()).toEqual([]);
    const asked = requests.find((request) => request.url.pathname.endsWith('/plan'));
    expect(asked && bodyOf(asked)).toEqual({ clanId: 7, everyone: true });

    await user.click(within(dialog).getByRole('button', { name: 'Seat all 2' }));
    await within(board).findByText('Pixel Pirates sits together now, in Row A.');
    expect(posted().map(bodyOf)).toEqual([
      {
        clanId: 7,
        everyone: true,
        moves: [
          { userId: 4, seatId: 5 },
          { userId: 1, seatId: 6 },
        ],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(board).getByRole('button', { name: 'Seat A6, your seat' })).toBeInTheDocument();
  });

  it('moves nobody when the plan is cancelled', async () => {
    const { requests } = stubSeatsPage({
      more: {
        'GET /api/clans/7': () => jsonResponse(clan),
        'POST /api/lans/1/seating/clan-blocks/plan': () => jsonResponse(plan),
      },
    });
    const { user } = renderSeats(inClan);
    const board = await seatsRegion();
    await user.click(await within(board).findByRole('button', { name: 'Seat my clan together…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat Pixel Pirates together?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.url.pathname.endsWith('/clan-blocks'))).toBe(false);
    expect(outcomeLines(board)).toEqual([]);
  });

  it('tells a clan sitting together already so, and asks nothing', async () => {
    const { requests } = stubSeatsPage({
      more: {
        'GET /api/clans/7': () => jsonResponse(clan),
        'POST /api/lans/1/seating/clan-blocks/plan': () =>
          jsonResponse({ ...plan, isTogether: true, moves: [] }),
      },
    });
    const { user } = renderSeats(inClan);
    const board = await seatsRegion();
    await user.click(await within(board).findByRole('button', { name: 'Seat my clan together…' }));
    expect(
      await within(board).findByText(
        'Pixel Pirates sits together already, in Row A: nobody moves.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.endsWith('/clan-blocks'))).toBe(false);
  });

  it('says why not when there is no room, or the seats changed before the yes', async () => {
    let answer = () =>
      problemResponse(409, {
        detail:
          'No 3 seats side by side are free for Pixel Pirates: the most together is 2 (Row A).',
      });
    stubSeatsPage({
      more: {
        'GET /api/clans/7': () => jsonResponse(clan),
        'POST /api/lans/1/seating/clan-blocks/plan': () => answer(),
        'POST /api/lans/1/seating/clan-blocks': () =>
          problemResponse(409, {
            detail:
              'The seats changed since the plan was shown: nobody moved. Look at Pixel Pirates’s plan again.',
          }),
      },
    });
    const { user } = renderSeats(inClan);
    const board = await seatsRegion();
    const seatClan = await within(board).findByRole('button', { name: 'Seat my clan together…' });
    await user.click(seatClan);
    expect(await within(board).findByRole('alert')).toHaveTextContent(
      'the most together is 2 (Row A)',
    );
    answer = () => jsonResponse(plan);
    await user.click(seatClan);
    const dialog = await screen.findByRole('dialog', { name: 'Seat Pixel Pirates together?' });
    await user.click(within(dialog).getByRole('button', { name: 'Seat all 2' }));
    expect(await within(board).findByRole('alert')).toHaveTextContent(
      'The seats changed since the plan was shown: nobody moved.',
    );
    expect(outcomeLines(board)).toHaveLength(1);
  });

  it('lets a seat manager seat a clan member on a chosen seat', async () => {
    const { requests } = stubSeatsPage({
      more: {
        'GET /api/clans/7': () => jsonResponse(clan),
        'PUT /api/lans/1/seats/6/occupant': () =>
          jsonResponse({ ...row()[5], occupant: buildOccupant({ userId: 4, nickname: 'Bea' }) }),
      },
    });
    const { user } = renderSeats(inClan);
    const board = await seatsRegion();
    await within(board).findByRole('button', { name: 'Seat my clan together…' });
    await user.click(within(board).getByRole('button', { name: 'Seat A6, free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat A6' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Seat someone here' }),
      'Bea (no seat yet)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Seat them' }));
    expect(await within(board).findByText('Bea sits at A6 now.', { exact: false })).toHaveAttribute(
      'role',
      'status',
    );
    const put = requests.find((request) => request.method === 'PUT');
    expect(put && bodyOf(put)).toEqual({ userId: 4 });
  });

  it('gives a lan administrator the seat plan editor’s link', async () => {
    stubSeatsPage({ status: null });
    renderSeats({ roles: ['LanAdministrator'] });
    const link = within(await seatsRegion()).getByRole('link', { name: 'Edit seat plan' });
    expect(link).toHaveAttribute('href', '/admin/lans/1/seats');
  });
});
