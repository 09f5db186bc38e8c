import type { Seating, SeatingInput } from '@lanparty/contract';
import {
  buildLan,
  buildPage,
  buildParticipant,
  buildParticipantList,
  buildSeat,
} from '@lanparty/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  type StubbedRequest,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { stubUploads } from '../../../testing/xhr-stub.ts';
import { buildDraftSeating, lastPlanPut, openSeatEditor } from '../testing/open-seat-editor.ts';

/** The server's answer to a PUT: the plan as sent, with ids for the new seats and blocks. */
function savedAs(request: StubbedRequest): Response {
  const body = JSON.parse(String(request.body)) as SeatingInput;
  const blockIds = new Map(body.blocks.map((block, index) => [block.id, 100 + index]));
  const answer: Seating = buildDraftSeating({
    plan: { ...buildDraftSeating().plan, ...body.plan, hallVersion: null },
    seats: body.seats.map((seat, index) => ({
      id: seat.id ?? 200 + index,
      label: seat.label,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      blockId: seat.blockId === null ? null : (blockIds.get(seat.blockId) ?? null),
      occupant: null,
    })),
    blocks: body.blocks.map((block) => ({ ...block, id: blockIds.get(block.id) as number })),
  });
  return jsonResponse(answer);
}

const twoSeats = buildDraftSeating({
  seats: [
    buildSeat({ id: 1, label: 'A1', x: 0, y: 0, blockId: 5 }),
    buildSeat({
      id: 2,
      label: 'A2',
      x: 1,
      y: 0,
      blockId: 5,
      occupant: { userId: 9, nickname: 'Nick', clanId: 3, clanTag: 'FRG', clanColour: '#1e90ff' },
    }),
  ],
  blocks: [{ id: 5, name: 'Row A', clanId: null }],
});

const saveButton = () => screen.getByRole('button', { name: 'Save plan' });

describe('the seat plan editor', () => {
  it('is closed to a lanner', async () => {
    const { router } = renderApp('/admin/lans/1/seats', {
      viewer: buildViewer({ roles: ['Lanner'] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('makes a row of twelve seats in one step, as a block, and saves it as a new plan', async () => {
    const { user, requests } = openSeatEditor({ answers: { 'PUT /api/lans/1/seating': savedAs } });
    expect(await screen.findByText(/This lan has no seat plan yet/)).toBeInTheDocument();
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a row or table' });
    expect(within(form).getByLabelText('Label prefix')).toHaveValue('A');
    expect(within(form).getByLabelText('Seats')).toHaveValue(12);
    expect(within(form).getByLabelText('Block name')).toHaveValue('Row A');
    await user.click(within(form).getByRole('button', { name: 'Add row' }));

    expect(screen.getByRole('button', { name: 'Seat A1, Row A, free' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seat A12, Row A, free' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // Ready for the next row.
    expect(within(form).getByLabelText('Label prefix')).toHaveValue('B');

    await user.click(saveButton());
    expect(await screen.findByText('The plan is saved as a draft.')).toBeInTheDocument();
    const body = lastPlanPut(requests);
    expect(body.blocks).toEqual([{ id: -1, name: 'Row A', clanId: null }]);
    expect(body.seats).toHaveLength(12);
    expect(body.seats[0]).toEqual({
      label: 'A1',
      x: 0,
      y: 0,
      kind: 'standard',
      blockId: -1,
    });
    expect(body.seats[11]).toMatchObject({ label: 'A12', x: 11, y: 0 });
    expect(body.plan).toEqual({
      opensAt: null,
      locksAt: null,
      published: false,
      width: 24,
      height: 12,
    });
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('makes a table of two facing rows, top to bottom', async () => {
    const { user, requests } = openSeatEditor({ answers: { 'PUT /api/lans/1/seating': savedAs } });
    const form = await screen.findByRole('form', { name: 'Add a row or table' });
    await user.click(within(form).getByLabelText('A table (two facing rows)'));
    await user.clear(within(form).getByLabelText('Label prefix'));
    await user.type(within(form).getByLabelText('Label prefix'), 'T');
    await user.clear(within(form).getByLabelText('Seats per side'));
    await user.type(within(form).getByLabelText('Seats per side'), '3');
    await user.clear(within(form).getByLabelText('Start column'));
    await user.type(within(form).getByLabelText('Start column'), '5');
    await user.selectOptions(within(form).getByLabelText('Direction'), 'Top to bottom');
    await user.click(within(form).getByRole('button', { name: 'Add table' }));
    await user.click(saveButton());
    await screen.findByText('The plan is saved as a draft.');
    const seats = lastPlanPut(requests).seats.map(({ label, x, y }: SeatingInput['seats'][0]) => [
      label,
      x,
      y,
    ]);
    expect(seats).toEqual([
      ['T1', 4, 0],
      ['T2', 4, 1],
      ['T3', 4, 2],
      ['T4', 5, 0],
      ['T5', 5, 1],
      ['T6', 5, 2],
    ]);
    expect(lastPlanPut(requests).blocks).toEqual([{ id: -1, name: 'Table T', clanId: null }]);
  });

  it('refuses a row where seats stand, and says why', async () => {
    const { user } = openSeatEditor({ seating: twoSeats });
    const form = await screen.findByRole('form', { name: 'Add a row or table' });
    await user.clear(within(form).getByLabelText('Start row'));
    await user.type(within(form).getByLabelText('Start row'), '1');
    await user.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The row could not be added: Seat A1 stands in the way, at column 1, row 1.',
    );
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('edits a seat’s label, kind and block, and saves it under its id', async () => {
    const { user, requests } = openSeatEditor({
      seating: twoSeats,
      answers: { 'PUT /api/lans/1/seating': savedAs },
    });
    await user.click(await screen.findByRole('button', { name: 'Seat A1, Row A, free' }));
    const panel = screen.getByRole('region', { name: 'Seat A1' });
    const label = within(panel).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'A2');
    expect(
      within(panel).getByText('Another seat is labelled A2: each label names one seat'),
    ).toBeInTheDocument();
    await user.clear(label);
    await user.type(label, 'B7');
    await user.selectOptions(within(panel).getByLabelText('Kind'), 'accessible');
    await user.selectOptions(within(panel).getByLabelText('Block'), 'No block');
    expect(screen.getByRole('button', { name: 'Seat B7, accessible, free' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(saveButton());
    await screen.findByText('The plan is saved as a draft.');
    const body = lastPlanPut(requests);
    expect(body.seats).toEqual([
      { id: 1, label: 'B7', x: 0, y: 0, kind: 'accessible', blockId: null },
      { id: 2, label: 'A2', x: 1, y: 0, kind: 'standard', blockId: 5 },
    ]);
    expect(body.blocks).toEqual([{ id: 5, name: 'Row A', clanId: null }]);
  });

  it('adds a seat on an empty cell and moves a seat with the arrow keys', async () => {
    const { user, requests } = openSeatEditor({
      seating: twoSeats,
      answers: { 'PUT /api/lans/1/seating': savedAs },
    });
    const cursor = await screen.findByRole('button', { name: 'Select seat A1, column 1, row 1' });
    cursor.focus();
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}');
    expect(
      screen.getByRole('button', { name: 'Add a seat at column 3, row 2' }),
    ).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const added = screen.getByRole('button', { name: 'Seat S1, free' });
    expect(added).toHaveAttribute('aria-pressed', 'true');

    added.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('region', { name: 'Seat S1' })).toHaveTextContent('At column 4, row 3');
    // Into another seat's cell it will not go.
    await user.click(screen.getByRole('button', { name: 'Seat A1, Row A, free' }));
    await user.keyboard('{ArrowRight}');
    expect(
      screen.getByText('Seat A2 stands at column 2, row 1: A1 stays where it is.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Seat A1' })).toHaveTextContent('At column 1, row 1');

    await user.click(saveButton());
    await screen.findByText('The plan is saved as a draft.');
    expect(lastPlanPut(requests).seats.at(-1)).toEqual({
      label: 'S1',
      x: 3,
      y: 2,
      kind: 'standard',
      blockId: null,
    });
  });

  it('shows the server’s refusal to remove a seat someone holds, naming them', async () => {
    const refusal = 'Seat A2 is held by Nick: move them before you remove it.';
    const { user } = openSeatEditor({
      seating: twoSeats,
      answers: {
        'PUT /api/lans/1/seating': () =>
          problemResponse(409, { detail: refusal, errors: { seats: [refusal] } }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Seat A2, Row A, taken by Nick [FRG]' }),
    );
    const panel = screen.getByRole('region', { name: 'Seat A2' });
    expect(within(panel).getByText('Nick [FRG]')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Delete seat' }));
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The plan could not be saved: ${refusal}`);
    // Said once, not again from its field errors.
    expect(alert.textContent?.split('held by Nick')).toHaveLength(2);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('shows the server’s field errors beside their fields', async () => {
    const { user } = openSeatEditor({
      seating: twoSeats,
      answers: {
        'PUT /api/lans/1/seating': () =>
          problemResponse(400, {
            detail: 'One or more fields are invalid.',
            errors: { 'plan.opensAt': ['Opens at must be within 2000–2100'] },
          }),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: /^Published/ }));
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The plan could not be saved: One or more fields are invalid. Opens at must be within 2000–2100.',
    );
    expect(screen.getByLabelText('Opens at')).toHaveAccessibleDescription(
      expect.stringContaining('Opens at must be within 2000–2100'),
    );
  });

  it('checks the times before sending: picking locks after it opens', async () => {
    const { user, requests } = openSeatEditor({ seating: twoSeats });
    await user.type(await screen.findByLabelText('Opens at'), '2099-12-01T18:00');
    await user.type(screen.getByLabelText('Locks at'), '2099-11-01T18:00');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Locks at must after Opens at');
    expect(screen.getByLabelText('Locks at')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('publishes the plan, with its times on the community’s clocks', async () => {
    const { user, requests } = openSeatEditor({
      seating: twoSeats,
      answers: { 'PUT /api/lans/1/seating': savedAs },
    });
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Published/ }));
    await user.type(screen.getByLabelText('Opens at'), '2099-11-20T20:00');
    await user.click(saveButton());
    expect(await screen.findByText('The plan is saved and published.')).toBeInTheDocument();
    expect(lastPlanPut(requests).plan).toMatchObject({
      published: true,
      opensAt: '2099-11-20T20:00:00+01:00',
      locksAt: null,
    });
    expect(screen.getByText('Published')).toBeInTheDocument();
  });

  it('discards the changes, after asking', async () => {
    const { user } = openSeatEditor({ seating: twoSeats });
    await user.click(await screen.findByRole('button', { name: 'Seat A1, Row A, free' }));
    await user.click(screen.getByRole('button', { name: 'Delete seat' }));
    expect(screen.queryByRole('button', { name: /^Seat A1,/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('button', { name: 'Seat A1, Row A, free' })).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('keeps a block for a clan', async () => {
    const { user, requests } = openSeatEditor({
      seating: twoSeats,
      answers: {
        'GET /api/clans': () =>
          jsonResponse(
            buildPage([
              { id: 3, name: 'Frag Squad', tag: 'FRG', colour: '#1e90ff', memberCount: 4 },
            ]),
          ),
        'PUT /api/lans/1/seating': savedAs,
      },
    });
    const blocks = await screen.findByRole('list', { name: 'Blocks' });
    const clan = within(blocks).getByLabelText('Kept for a clan');
    await waitFor(() => expect(clan).toBeEnabled());
    await user.selectOptions(clan, 'Frag Squad [FRG]');
    await user.click(saveButton());
    await screen.findByText('The plan is saved as a draft.');
    expect(lastPlanPut(requests).blocks).toEqual([{ id: 5, name: 'Row A', clanId: 3 }]);
  });

  it('copies the plan of another lan, as new seats', async () => {
    const other = buildLan({ id: 2, name: 'Summer Lan', startDate: '2099-06-04T17:00:00Z' });
    const { user, requests } = openSeatEditor({
      answers: {
        'GET /api/lans': () =>
          jsonResponse(buildPage([buildLan(), other, buildLan({ id: 3, name: 'No Plan Lan' })])),
        'GET /api/lans/2/seating': () =>
          jsonResponse({ ...twoSeats, plan: { ...twoSeats.plan, width: 30 } }),
        'GET /api/lans/3/seating': () => problemResponse(404, { detail: 'No plan.' }),
        'PUT /api/lans/1/seating': savedAs,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose a lan to copy from' }));
    const form = screen.getByRole('form', { name: 'Copy a plan' });
    const source = within(form).getByLabelText('Lan to copy from');
    await within(source).findByRole('option', { name: 'Summer Lan, 04 Jun 2099 (2 seats)' });
    expect(within(source).queryByRole('option', { name: /No Plan Lan/ })).toBeNull();
    await user.selectOptions(source, 'Summer Lan, 04 Jun 2099 (2 seats)');
    await user.click(within(form).getByRole('button', { name: 'Copy this plan' }));
    // Nobody comes along: the copied seats are free.
    expect(screen.getByRole('button', { name: 'Seat A2, Row A, free' })).toBeInTheDocument();

    await user.click(saveButton());
    await screen.findByText('The plan is saved as a draft.');
    const body = lastPlanPut(requests);
    expect(body.plan.width).toBe(30);
    expect(body.blocks).toEqual([{ id: -1, name: 'Row A', clanId: null }]);
    expect(body.seats).toEqual([
      { label: 'A1', x: 0, y: 0, kind: 'standard', blockId: -1 },
      { label: 'A2', x: 1, y: 0, kind: 'standard', blockId: -1 },
    ]);
  });

  it('seats a participant on a seat, and frees a seat', async () => {
    const participants = buildParticipantList([
      buildParticipant({ subscriberId: 1, userId: 21, nickname: 'gamer', status: 'Paid' }),
      buildParticipant({ subscriberId: 2, userId: 22, nickname: 'waiting', status: 'Pending' }),
    ]);
    const { user, requests } = openSeatEditor({
      seating: twoSeats,
      participants,
      answers: {
        'PUT /api/lans/1/seats/1/occupant': () => jsonResponse(buildSeat()),
        'DELETE /api/lans/1/seats/2/occupant': () => emptyResponse(204),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Seat A1, Row A, free' }));
    const panel = screen.getByRole('region', { name: 'Seat A1' });
    const who = within(panel).getByLabelText('Seat a participant here');
    await within(who).findByRole('option', { name: 'gamer' });
    expect(within(who).queryByRole('option', { name: 'waiting' })).toBeNull();
    await user.selectOptions(who, 'gamer');
    await user.click(within(panel).getByRole('button', { name: 'Seat here' }));
    expect(await within(panel).findByText('gamer now sits on seat A1.')).toBeInTheDocument();
    const seated = requests.find((request) => request.url.pathname.endsWith('/seats/1/occupant'));
    expect(JSON.parse(String(seated?.body))).toEqual({ userId: 21 });

    await user.click(screen.getByRole('button', { name: 'Seat A2, Row A, taken by Nick [FRG]' }));
    const taken = screen.getByRole('region', { name: 'Seat A2' });
    await user.click(within(taken).getByRole('button', { name: 'Free this seat' }));
    expect(await within(taken).findByText('Seat A2 is free.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('uploads a picture of the hall, and draws the plan over it', async () => {
    let current = twoSeats;
    const uploads = stubUploads({
      'PUT /api/assets/hall-1.png': () => {
        current = { ...twoSeats, plan: { ...twoSeats.plan, hallVersion: 'h4ll' } };
        return { status: 204 };
      },
    });
    const { container } = openSeatEditor({
      seating: twoSeats,
      answers: { 'GET /api/lans/1/seating': () => jsonResponse(current) },
    });
    expect(await screen.findByText('No picture yet: the plan is a plain grid.')).toBeVisible();
    const file = new File(['png'], 'hall.png', { type: 'image/png' });
    // fireEvent, not user.upload: user-event drops files the input does not accept.
    fireEvent.change(screen.getByLabelText('Upload a picture of the hall'), {
      target: { files: [file] },
    });
    expect(await screen.findByText('The picture of the hall is saved.')).toBeInTheDocument();
    expect(uploads.requests).toHaveLength(1);
    expect(await screen.findByAltText('The hall, as it lies under the plan')).toHaveAttribute(
      'src',
      '/api/assets/hall-1?v=h4ll',
    );
    expect(container.querySelector('img[src="/api/assets/hall-1?v=h4ll"][alt=""]')).not.toBeNull();
  });
});
