import type { CheckInResult, Participant, ParticipantList } from '@lanparty/contract';
import { buildLan, buildParticipant, buildParticipantList } from '@lanparty/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateForEvents } from '../../../lib/live-updates/invalidate-for-events.ts';
import {
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const lanAdmin = buildViewer({ roles: ['LanAdministrator'] });

/** The camera, as the door's scanner drives it: what it was given, and whether it stopped. */
const camera = vi.hoisted(() => ({
  onRead: undefined as ((text: string) => void) | undefined,
  stops: 0,
}));

vi.mock('../scanner/start-qr-scanner.ts', () => ({
  startQrScanner: async ({ onRead }: { onRead: (text: string) => void }) => {
    camera.onRead = onRead;
    return () => {
      camera.stops += 1;
    };
  },
}));

const gina = buildParticipant({
  subscriberId: 7,
  nickname: 'gamer',
  firstName: 'Gina',
  surname: 'Mer',
  status: 'Paid',
  checkInCode: 'GINA0000CODE',
});
const unpaid = buildParticipant({
  subscriberId: 8,
  nickname: 'latecomer',
  firstName: 'Lou',
  surname: 'Bos',
  status: 'Accepted',
  amountDue: 30,
  checkInCode: 'LATE0000CODE',
});
const waiting = buildParticipant({
  subscriberId: 9,
  nickname: 'gingerbread',
  firstName: null,
  surname: null,
  status: 'Pending',
  amountDue: null,
  checkInCode: null,
});

const door = buildParticipantList([gina, unpaid, waiting], { present: 0 });

type Answer = (request: StubbedRequest) => Response | Promise<Response>;

/** Opens the door of lan 1 as a lan administrator; check-ins are answered by `checkIn`. */
function openDoor({
  path = '/admin/lans/1/check-in',
  participants = (): ParticipantList => door,
  checkIn = (): Response => problemResponse(404, { detail: 'No ticket has this code.' }),
}: {
  path?: string;
  participants?: () => ParticipantList;
  checkIn?: Answer;
} = {}) {
  const stub = stubFetch({
    'GET /api/lans/1': () => jsonResponse(buildLan({ id: 1, name: 'Winter Lan' })),
    'GET /api/lans/1/participants': () => jsonResponse(participants()),
    'POST /api/lans/1/check-ins': checkIn,
  });
  return { ...stub, ...renderApp(path, { viewer: lanAdmin }) };
}

function checkedIn(participant: Participant, alreadyPresent = false): Response {
  const result: CheckInResult = {
    subscriber: { ...participant, status: 'Paid', present: true },
    alreadyPresent,
  };
  return jsonResponse(result);
}

function checkInBodies(requests: StubbedRequest[]) {
  return requests
    .filter((request) => request.method === 'POST')
    .map((request) => JSON.parse(String(request.body)));
}

/** The large answer panel, and its live region. */
async function findResult() {
  const panel = await screen.findByRole('region', { name: 'Result' });
  return within(panel).getByRole('status');
}

async function typeCode(user: ReturnType<typeof openDoor>['user'], code: string) {
  await user.type(await screen.findByLabelText('Ticket code'), code);
  await user.click(screen.getByRole('button', { name: 'Check in' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the door check-in by a typed code', () => {
  it('shows a paid participant present, in a status region, and empties the field', async () => {
    const { user, requests } = openDoor({ checkIn: () => checkedIn({ ...gina, seat: 'B7' }) });
    await typeCode(user, 'gina-0000-code');
    const result = await findResult();
    expect(await within(result).findByRole('heading', { name: 'Present' })).toBeInTheDocument();
    expect(within(result).getByText('gamer')).toBeInTheDocument();
    // Where to send them: the seat they hold.
    expect(within(result).getByText('Seat B7')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Result' })).toHaveAttribute('data-tone', 'good');
    expect(checkInBodies(requests)).toEqual([{ code: 'gina-0000-code' }]);
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');
  });

  it('says in a colour of its own when, and by whom, a ticket shown again was checked in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-09T19:30:00Z'));
    const { user } = openDoor({
      checkIn: () =>
        checkedIn(
          { ...gina, checkedInAt: '2026-01-09T18:04:27.000+01:00', checkedInBy: 'lanadmin' },
          true,
        ),
    });
    await typeCode(user, 'GINA0000CODE');
    const result = await findResult();
    expect(await within(result).findByText('Already checked in')).toBeInTheDocument();
    expect(within(result).getByText('Checked in at 18:04 by lanadmin')).toBeInTheDocument();
    expect(within(result).getByText('gamer')).toBeInTheDocument();
    expect(
      within(result).getByText('Is this Gina Mer? If not, the ticket was passed on.'),
    ).toBeInTheDocument();
    expect(within(result).queryByText('Present')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Result' })).toHaveAttribute('data-tone', 'repeat');
  });

  it('gives the date of a first check-in on another day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 00:30 on the 10th in Amsterdam: the check-in at 23:10 was yesterday there.
    vi.setSystemTime(new Date('2026-01-09T23:30:00Z'));
    const { user } = openDoor({
      checkIn: () =>
        checkedIn(
          { ...gina, checkedInAt: '2026-01-09T23:10:00.000+01:00', checkedInBy: 'door2' },
          true,
        ),
    });
    await typeCode(user, 'GINA0000CODE');
    const result = await findResult();
    expect(
      await within(result).findByText('Checked in on 09 Jan 2026 at 23:10 by door2'),
    ).toBeInTheDocument();
  });

  it('says the time was not recorded for a presence marked before it was', async () => {
    const { user } = openDoor({ checkIn: () => checkedIn(gina, true) });
    await typeCode(user, 'GINA0000CODE');
    const result = await findResult();
    expect(await within(result).findByText('Already checked in')).toBeInTheDocument();
    expect(
      within(result).getByText('Checked in before; the time was not recorded.'),
    ).toBeInTheDocument();
  });

  it('takes the short code read out, and names its holder when refused', async () => {
    const { user, requests } = openDoor({
      participants: () =>
        buildParticipantList([{ ...unpaid, status: 'Denied', shortCode: 'LATE2BOS' }]),
      checkIn: () => problemResponse(409, { detail: 'latecomer was denied a place.' }),
    });
    await screen.findByText(/present$/);
    expect(screen.getByLabelText('Ticket code')).toHaveAccessibleDescription(
      'The short code read out (like 7KQ4-MZ2X), or the long one under the QR code.',
    );
    await typeCode(user, 'late-2bos');
    const result = await findResult();
    expect(await within(result).findByText('Refused')).toBeInTheDocument();
    expect(within(result).getByText('latecomer')).toBeInTheDocument();
    expect(checkInBodies(requests)).toEqual([{ code: 'late-2bos' }]);
  });

  it('asks for the money of an unpaid ticket, and Paid and present posts it as paid', async () => {
    const { user, requests } = openDoor({
      checkIn: (request) =>
        JSON.parse(String(request.body)).paid === true
          ? checkedIn(unpaid)
          : problemResponse(409, {
              detail: 'latecomer has not paid yet.',
              ...({ nickname: 'latecomer', subscriberId: 8, amountDue: 30 } as object),
            }),
    });
    await typeCode(user, 'late0000code');
    const result = await findResult();
    expect(await within(result).findByText('€30.00 due')).toBeInTheDocument();
    expect(within(result).getByText('latecomer')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Result' })).toHaveAttribute('data-tone', 'warning');

    await user.click(screen.getByRole('button', { name: 'Paid and present' }));
    expect(await within(result).findByText('Present')).toBeInTheDocument();
    expect(checkInBodies(requests)).toEqual([
      { code: 'late0000code' },
      { code: 'late0000code', paid: true },
    ]);
    expect(screen.queryByRole('button', { name: 'Paid and present' })).not.toBeInTheDocument();
  });

  it('refuses a ticket that does not admit, with the reason, and keeps the code to fix', async () => {
    const { user } = openDoor({
      checkIn: () => problemResponse(409, { detail: 'This subscription is still Pending.' }),
    });
    await typeCode(user, 'NOPE');
    const result = await findResult();
    expect(await within(result).findByText('Refused')).toBeInTheDocument();
    expect(within(result).getByText('This subscription is still Pending.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Result' })).toHaveAttribute('data-tone', 'bad');
    expect(screen.queryByRole('button', { name: 'Paid and present' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveValue('NOPE');
  });

  it('refuses an unknown code', async () => {
    const { user } = openDoor();
    await typeCode(user, 'WHO');
    const result = await findResult();
    expect(await within(result).findByText('Refused')).toBeInTheDocument();
    expect(within(result).getByText('No ticket has this code.')).toBeInTheDocument();
  });

  it('posts nothing without a code', async () => {
    const { user, requests } = openDoor();
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(screen.getByText('Type the code of the ticket.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveAttribute('aria-invalid', 'true');
    expect(checkInBodies(requests)).toEqual([]);
  });
});

describe('a ticket URL opened by the phone camera', () => {
  it('checks the code of the fragment in once and clears the fragment', async () => {
    const { requests, router } = openDoor({
      path: '/admin/lans/1/check-in#code=GINA-0000-CODE',
      checkIn: () => checkedIn(gina),
    });
    const result = await findResult();
    expect(await within(result).findByText('Present')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/admin/lans/1/check-in');
    expect(checkInBodies(requests)).toEqual([{ code: 'GINA-0000-CODE' }]);
  });

  it('checks nothing in without a fragment', async () => {
    const { requests } = openDoor();
    expect(await screen.findByText(/present$/)).toBeInTheDocument();
    expect(checkInBodies(requests)).toEqual([]);
  });
});

describe('finding a participant by name', () => {
  it('filters by nickname or name and checks in the ticket code of the one chosen', async () => {
    const { user, requests } = openDoor({ checkIn: () => checkedIn(gina) });
    await user.type(await screen.findByLabelText('Nickname or name'), 'gin');
    const found = screen.getByRole('list', { name: 'Participants found' });
    expect(within(found).getAllByRole('listitem')).toHaveLength(2);
    // A Pending subscription has no ticket to check in.
    const pending = within(found).getByText('gingerbread').closest('li') as HTMLElement;
    expect(within(pending).getByText('No ticket')).toBeInTheDocument();
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(found).getByRole('button', { name: 'Check in gamer' }));
    const result = await findResult();
    expect(await within(result).findByText('Present')).toBeInTheDocument();
    expect(checkInBodies(requests)).toEqual([{ code: 'GINA0000CODE' }]);
  });

  it.each(['zoe', 'ZOE', 'zoë', 'Zoe\u0308'])(
    'ignores case and accents: %j finds Zoë, whichever way her name was written',
    async (search) => {
      const zoes = [
        buildParticipant({ subscriberId: 20, nickname: 'Zoë', firstName: null, surname: null }),
        buildParticipant({
          subscriberId: 21,
          nickname: 'frag',
          firstName: 'Zoe\u0308',
          surname: 'Çelik',
        }),
      ];
      const { user } = openDoor({ participants: () => buildParticipantList([gina, ...zoes]) });
      await user.type(await screen.findByLabelText('Nickname or name'), search);
      const found = screen.getByRole('list', { name: 'Participants found' });
      expect(within(found).getAllByRole('listitem')).toHaveLength(2);
      expect(within(found).getByRole('button', { name: 'Check in Zoë' })).toBeInTheDocument();
      expect(within(found).getByRole('button', { name: 'Check in frag' })).toBeInTheDocument();
    },
  );

  it('finds by surname, and says when nobody matches', async () => {
    const { user } = openDoor();
    const search = await screen.findByLabelText('Nickname or name');
    await user.type(search, 'bos');
    expect(screen.getByRole('button', { name: 'Check in latecomer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in gamer' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No participant matches.')).toBeInTheDocument();
  });
});

describe('the present count', () => {
  function countParticipantReads(requests: StubbedRequest[]) {
    return requests.filter((request) => request.url.pathname === '/api/lans/1/participants').length;
  }

  it('counts the present of the Accepted and Paid, read again after a check-in', async () => {
    let present = 0;
    const { user, requests } = openDoor({
      participants: () => buildParticipantList([gina, unpaid, waiting], { present }),
      checkIn: () => {
        present = 1;
        return checkedIn(gina);
      },
    });
    expect(await screen.findByText(/present$/)).toHaveTextContent('0 of 2 present');
    await typeCode(user, 'GINA0000CODE');
    await waitFor(() => expect(screen.getByText(/present$/)).toHaveTextContent('1 of 2 present'));
    expect(countParticipantReads(requests)).toBe(2);
  });

  it('is read again when another door checks someone in (a live update), and only then', async () => {
    let present = 0;
    const { requests, queryClient } = openDoor({
      participants: () => buildParticipantList([gina, unpaid, waiting], { present }),
    });
    expect(await screen.findByText(/present$/)).toHaveTextContent('0 of 2 present');
    present = 1;
    await act(() =>
      invalidateForEvents(queryClient, [{ kind: 'subscriber', lanId: 2, subscriberId: 9 }]),
    );
    expect(countParticipantReads(requests)).toBe(1);
    await act(() =>
      invalidateForEvents(queryClient, [
        { kind: 'subscriber', lanId: 1, subscriberId: gina.subscriberId },
      ]),
    );
    await waitFor(() => expect(screen.getByText(/present$/)).toHaveTextContent('1 of 2 present'));
    expect(countParticipantReads(requests)).toBe(2);
  });
});

describe('the camera', () => {
  afterEach(() => {
    camera.onRead = undefined;
    camera.stops = 0;
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  it('keeps scanning after a result: the next ticket is checked in without reopening it', async () => {
    const { user, requests } = openDoor({
      checkIn: (request) =>
        JSON.parse(String(request.body)).code.includes('GINA')
          ? checkedIn(gina)
          : checkedIn({ ...unpaid, nickname: 'latecomer' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Scan ticket' }));
    await waitFor(() => expect(camera.onRead).toBeDefined());
    const result = await findResult();

    act(() => camera.onRead?.('https://lan.example/admin/lans/1/check-in#code=GINA0000CODE'));
    expect(await within(result).findByText('gamer')).toBeInTheDocument();
    expect(screen.getByLabelText('Camera')).toBeInTheDocument();

    const scrolls = vi.fn();
    Element.prototype.scrollIntoView = scrolls;
    act(() => camera.onRead?.('https://lan.example/admin/lans/1/check-in#code=LATE0000CODE'));
    expect(await within(result).findByText('latecomer')).toBeInTheDocument();
    // The answer at the top of the screen, the viewfinder right under it still in sight.
    expect(scrolls).toHaveBeenLastCalledWith({ block: 'start' });
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    expect(within(result).getByText('Present')).toBeInTheDocument();
    expect(screen.getByLabelText('Camera')).toBeInTheDocument();
    expect(camera.stops).toBe(0);
    expect(checkInBodies(requests).map(({ code }) => code.split('=')[1])).toEqual([
      'GINA0000CODE',
      'LATE0000CODE',
    ]);

    await user.click(screen.getByRole('button', { name: 'Close camera' }));
    expect(screen.queryByLabelText('Camera')).not.toBeInTheDocument();
    expect(camera.stops).toBe(1);
    expect(screen.getByRole('button', { name: 'Scan ticket' })).toBeInTheDocument();
  });

  it('is not offered over plain http: the door is told why, and what to do instead', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    openDoor();
    expect(await screen.findByText('No scanner: this site is not on https')).toBeInTheDocument();
    expect(
      screen.getByText(/Type the code the lanner reads out from their ticket, or find them/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/serve the site over https \(see “Running a lan” in the README\)/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan ticket' })).not.toBeInTheDocument();
    const result = await findResult();
    expect(within(result).getByText('Type a ticket’s code or find a name.')).toBeInTheDocument();
    // The code and the name search still work.
    expect(screen.getByLabelText('Ticket code')).toBeInTheDocument();
    expect(await screen.findByLabelText('Nickname or name')).toBeInTheDocument();
  });
});

describe('the door', () => {
  it('offers the camera without starting it, and names the lan', async () => {
    openDoor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
    expect(await screen.findByText('Winter Lan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan ticket' })).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it('is linked from the admin navigation while a lan is shown', async () => {
    openDoor();
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const link = within(nav).getByRole('link', { name: 'Check-in' });
    expect(link).toHaveAttribute('href', '/admin/lans/1/check-in');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Lans' })).not.toHaveAttribute('aria-current');
  });
});
