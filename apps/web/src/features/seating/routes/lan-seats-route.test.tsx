import { buildParticipant, buildParticipantTotals, buildSeating } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('the seat map on a lan’s page', () => {
  it('shows nothing when the lan has no seat plan', async () => {
    stubSeatsPage({ seating: () => problemResponse(404, { detail: 'No plan.' }) });
    renderSeats();
    await screen.findByRole('article', { name: 'Winter Lan' });
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Seats' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names every seat for screen readers, with its state and who sits there', async () => {
    stubSeatsPage({ seating: () => buildSeating({ seats: row({ A5: { occupant: mine } }) }) });
    renderSeats();
    const map = within(await seatsRegion()).getByRole('group', { name: 'Seat map' });
    const names = within(map)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Seat A1, free',
      'Seat A2, taken by Nick [TAG]',
      'Seat A3, blocked',
      'Seat A4, free',
      'Seat A5, your seat',
      'Seat A6, free',
    ]);
    // A seat shows its label, whoever sits there: who it is, is in its name and tooltip.
    for (const label of ['A2', 'A5']) {
      const seat = within(map).getByRole('button', { name: new RegExp(`^Seat ${label},`) });
      expect(seat).toHaveTextContent(new RegExp(`^${label}$`));
      expect(seat).toHaveAttribute('title', seat.getAttribute('aria-label'));
    }
    expect(screen.getByText('Your seat:').parentElement).toHaveTextContent('Your seat: A5');
    expect(within(await seatsRegion()).getByRole('list', { name: 'Legend' })).toBeInTheDocument();
  });

  it('is one stop of the Tab order, and the arrow keys move between seats', async () => {
    stubSeatsPage({});
    const { user } = renderSeats();
    const map = within(await seatsRegion()).getByRole('group', { name: 'Seat map' });
    const first = within(map).getByRole('button', { name: 'Seat A1, free' });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(within(map).getByRole('button', { name: 'Seat A4, free' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(map).getByRole('button', { name: 'Seat A3, blocked' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(map).getByRole('button', { name: 'Seat A6, free' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Take seat A6?' })).toBeInTheDocument();
  });
});

describe('picking a seat', () => {
  it('takes a free seat after asking, and shows it as the viewer’s', async () => {
    let seats = row();
    const { requests } = stubSeatsPage({
      seating: () => buildSeating({ seats }),
      more: {
        'PUT /api/lans/1/seats/4/occupant': () => {
          seats = row({ A4: { occupant: mine } });
          return jsonResponse(seats[3]);
        },
      },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'Seat A4, free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take seat A4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take seat' }));

    expect(await within(board).findByText('You sit at A4 now.', { exact: false })).toHaveAttribute(
      'role',
      'status',
    );
    const put = requests.find((request) => request.method === 'PUT');
    expect(put && bodyOf(put)).toEqual({ userId: 1 });
    expect(within(board).getByRole('button', { name: 'Seat A4, your seat' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks "Move to …?" of someone seated', async () => {
    stubSeatsPage({ seating: () => buildSeating({ seats: row({ A1: { occupant: mine } }) }) });
    const { user } = renderSeats();
    await user.click(within(await seatsRegion()).getByRole('button', { name: 'Seat A4, free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to A4?' });
    expect(dialog).toHaveTextContent('You leave A1: it frees in the same step.');
    expect(within(dialog).getByRole('button', { name: 'Move to A4' })).toBeInTheDocument();
  });

  it('says who took the seat first (409), and shows it taken at once', async () => {
    let seats = row();
    stubSeatsPage({
      seating: () => buildSeating({ seats }),
      more: {
        'PUT /api/lans/1/seats/4/occupant': () => {
          seats = row({ A4: { occupant: nick } });
          return problemResponse(409, { detail: 'Seat A4 was just taken by Nick.' });
        },
      },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'Seat A4, free' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take seat' }),
    );
    expect(await within(board).findByRole('alert')).toHaveTextContent(
      'Seat A4 was just taken by Nick.',
    );
    expect(
      await within(board).findByRole('button', { name: 'Seat A4, taken by Nick [TAG]' }),
    ).toBeInTheDocument();
  });

  it('frees the viewer’s seat', async () => {
    let seats = row({ A5: { occupant: mine } });
    const { requests } = stubSeatsPage({
      seating: () => buildSeating({ seats }),
      more: {
        'DELETE /api/lans/1/seats/5/occupant': () => {
          seats = row();
          return emptyResponse();
        },
      },
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'Free my seat…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free seat A5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Free my seat' }));
    expect(
      await within(board).findByText('Seat A5 is free now.', { exact: false }),
    ).toHaveAttribute('role', 'status');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says when picking opens, and offers no seat before', async () => {
    stubSeatsPage({
      seating: () => buildSeating({ seats: row() }, { opensAt: '2099-03-01T18:00:00+01:00' }),
    });
    const { user } = renderSeats();
    const board = await seatsRegion();
    expect(board).toHaveTextContent('Seat picking opens on 01 Mar 2099, 18:00.');
    await user.click(within(board).getByRole('button', { name: 'Seat A4, free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat A4' });
    expect(dialog).toHaveTextContent('Seat picking opens on 01 Mar 2099, 18:00.');
    expect(within(dialog).queryByRole('button', { name: 'Take seat' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('says seats are fixed once the plan locks, also for the viewer’s own', async () => {
    stubSeatsPage({
      seating: () =>
        buildSeating(
          { seats: row({ A5: { occupant: mine } }) },
          { locksAt: '2020-03-14T18:00:00+01:00' },
        ),
    });
    renderSeats();
    const board = await seatsRegion();
    expect(board).toHaveTextContent(
      'Seats are fixed since 14 Mar 2020, 18:00: ask a lan administrator to move anyone.',
    );
    expect(within(board).queryByRole('button', { name: 'Free my seat…' })).not.toBeInTheDocument();
  });

  it('tells someone without an Accepted or Paid place why they pick no seat', async () => {
    stubSeatsPage({ status: 'Pending' });
    const { user } = renderSeats();
    const board = await seatsRegion();
    expect(board).toHaveTextContent('Once your place is Accepted or Paid, you pick a seat here.');
    await user.click(within(board).getByRole('button', { name: 'Seat A1, free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat A1' });
    expect(within(dialog).queryByRole('button', { name: 'Take seat' })).not.toBeInTheDocument();
  });
});

describe('finding a lanner and the list', () => {
  it('marks where a lanner sits and says it', async () => {
    stubSeatsPage({});
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.type(within(board).getByRole('searchbox', { name: 'Find a lanner' }), 'nic');
    expect(
      within(board).getByRole('button', { name: 'Seat A2, taken by Nick [TAG], found' }),
    ).toBeInTheDocument();
    expect(within(board).getByText('Nick at A2.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(board).getByRole('button', { name: /^Seat A2,/ })).toHaveFocus();
    // The arrow keys go on from the seat found.
    await user.keyboard('{ArrowRight}');
    expect(within(board).getByRole('button', { name: 'Seat A3, blocked' })).toHaveFocus();
    await user.clear(within(board).getByRole('searchbox', { name: 'Find a lanner' }));
    await user.type(within(board).getByRole('searchbox', { name: 'Find a lanner' }), 'zed');
    expect(within(board).getByText('Nobody called “zed” has a seat.')).toBeInTheDocument();
  });

  it('finds by first name and surname, accents aside, for a lan administrator as the door does; nobody else sends for names', async () => {
    const participants = {
      participants: [
        buildParticipant({ userId: 2, nickname: 'Nick', firstName: 'José', surname: 'Ærøe' }),
      ],
      totals: buildParticipantTotals(),
    };
    const { requests } = stubSeatsPage({
      more: { 'GET /api/lans/1/participants': () => jsonResponse(participants) },
    });
    const { user } = renderSeats({ roles: ['Lanner', 'LanAdministrator'] });
    const board = await seatsRegion();
    const search = within(board).getByRole('searchbox', { name: 'Find a lanner' });
    await waitFor(() => expect(search).toHaveAttribute('placeholder', 'Nickname or name'));
    for (const name of ['jose', 'AEROE', 'josé ær']) {
      await user.clear(search);
      await user.type(search, name);
      expect(within(board).getByText('Nick at A2.'), name).toBeInTheDocument();
    }
    expect(requests.some((request) => request.url.pathname === '/api/lans/1/participants')).toBe(
      true,
    );
  });

  it('finds by nickname alone for a lanner, who sees no names', async () => {
    const { requests } = stubSeatsPage({});
    const { user } = renderSeats();
    const board = await seatsRegion();
    const search = within(board).getByRole('searchbox', { name: 'Find a lanner' });
    expect(search).toHaveAttribute('placeholder', 'Nickname');
    await user.type(search, 'jose');
    expect(within(board).getByText('Nobody called “jose” has a seat.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.endsWith('/participants'))).toBe(false);
  });

  it('lists every seat with its state and occupant', async () => {
    stubSeatsPage({ seating: () => buildSeating({ seats: row({ A5: { occupant: mine } }) }) });
    const { user } = renderSeats();
    const board = await seatsRegion();
    await user.click(within(board).getByRole('button', { name: 'List' }));
    const list = within(board).getByRole('region', { name: 'Seat list' });
    const rows = within(list)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => tableRow.textContent);
    expect(rows).toEqual([
      'A1Free—',
      'A2TakenNick [TAG]',
      'A3Blocked—',
      'A4Free—',
      'A5Your seatpixelpete (you)',
      'A6Free—',
    ]);
    expect(within(board).queryByRole('group', { name: 'Seat map' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Seat A4, free' }));
    expect(await screen.findByRole('dialog', { name: 'Move to A4?' })).toBeInTheDocument();
  });

  it('zooms the map in and out', async () => {
    stubSeatsPage({});
    const { user } = renderSeats();
    const board = await seatsRegion();
    const map = within(board).getByRole('group', { name: 'Seat map' });
    const width = () => Number.parseFloat(map.style.width);
    const before = width();
    await user.click(within(board).getByRole('button', { name: 'Zoom in' }));
    expect(width()).toBeGreaterThan(before);
    await user.click(within(board).getByRole('button', { name: 'Zoom out' }));
    await user.click(within(board).getByRole('button', { name: 'Zoom out' }));
    expect(width()).toBeLessThan(before);
  });
});
