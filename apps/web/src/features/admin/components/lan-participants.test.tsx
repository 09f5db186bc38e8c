import { buildLan, buildParticipant, buildParticipantList } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';
import { stubPhoneScreen } from '../../../testing/phone-screen.ts';

const nova = buildParticipant({
  subscriberId: 102,
  nickname: 'nova',
  firstName: 'Nova',
  surname: 'Star',
  email: 'nova@example.com',
  status: 'Paid',
  amountDue: 20,
  seat: 'A3',
});
const ace = buildParticipant({
  subscriberId: 103,
  nickname: 'ace',
  firstName: null,
  surname: null,
  email: 'ace@example.com',
  emailVerified: false,
  isMember: false,
  status: 'Accepted',
  amountDue: 30,
});
const frag = buildParticipant({
  subscriberId: 101,
  nickname: 'frag',
  status: 'Pending',
  waitlistPosition: 1,
  amountDue: null,
});
const participants = buildParticipantList([nova, ace, frag], {
  expected: 50,
  received: 20,
  outstanding: 30,
  accepted: 1,
  paid: 1,
  pending: 1,
  waitlist: 1,
  present: 0,
});

function countRequests(requests: { method: string; url: URL }[], method: string, path: string) {
  return requests.filter((r) => r.method === method && r.url.pathname === path).length;
}

describe('the totals of a lan', () => {
  it('shows the money, the venue’s invoice and the head counts', async () => {
    openAdminLan({
      lan: buildLan({ locationInvoiceNumber: 'INV-2026-07', locationIsPayed: false }),
      participants: buildParticipantList([nova], {
        expected: 1250,
        received: 1027.5,
        outstanding: 222.5,
        accepted: 41,
        paid: 37,
        pending: 5,
        waitlist: 3,
        present: 12,
      }),
    });
    const total = async (term: string) =>
      (await screen.findByText(term, { selector: 'dt' })).parentElement;
    expect(await total('Expected')).toHaveTextContent('€1,250.00');
    expect(await total('Received')).toHaveTextContent('€1,027.50');
    expect(await total('Outstanding')).toHaveTextContent('€222.50');
    expect(await total('Venue invoice')).toHaveTextContent('INV-2026-07');
    expect(await total('Venue invoice')).toHaveTextContent('Not paid');
    expect(await total('Accepted')).toHaveTextContent('41');
    expect(await total('Paid')).toHaveTextContent('37');
    expect(await total('Pending')).toHaveTextContent('5');
    expect(await total('Pending')).toHaveTextContent('3 on the waitlist');
    expect(await total('Present')).toHaveTextContent('12');
  });

  it('says when the venue is paid and no invoice is entered yet', async () => {
    openAdminLan({ lan: buildLan({ locationInvoiceNumber: null, locationIsPayed: true }) });
    const invoice = (await screen.findByText('Venue invoice', { selector: 'dt' })).parentElement;
    expect(invoice).toHaveTextContent('None yet');
    expect(invoice).toHaveTextContent('Paid');
    expect(invoice).not.toHaveTextContent('Not paid');
  });
});

describe('the participants of a lan', () => {
  it('lists them in the server’s order with name, e-mail, member, waitlist and amount due', async () => {
    openAdminLan({ participants });
    const table = await screen.findByRole('table', { name: 'Participants of Winter Lan' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'novaSeat A3',
      'ace',
      'frag',
    ]);
    const [novaRow, aceRow, fragRow] = rows as [HTMLElement, HTMLElement, HTMLElement];
    // The seat held, under the nickname.
    expect(within(novaRow).getByText('Seat A3')).toBeInTheDocument();
    expect(novaRow).toHaveTextContent('Nova Star');
    expect(within(novaRow).getByRole('link', { name: 'nova@example.com' })).toHaveAttribute(
      'href',
      'mailto:nova@example.com',
    );
    expect(within(novaRow).getByLabelText('Member')).toBeInTheDocument();
    expect(novaRow).toHaveTextContent('€20.00');
    expect(within(aceRow).getByLabelText('Not a member')).toBeInTheDocument();
    expect(aceRow).toHaveTextContent('not verified');
    expect(aceRow).toHaveTextContent('€30.00');
    // Name and e-mail share a cell: the waitlist is the fourth.
    expect(within(fragRow).getAllByRole('cell')[3]).toHaveTextContent('1');
    expect(screen.getByLabelText('Status of frag')).toHaveValue('Pending');
    // Presence is for Paid participants only.
    expect(screen.getByLabelText('Presence of nova')).toHaveValue('');
    expect(screen.queryByLabelText('Presence of ace')).not.toBeInTheDocument();
    expect(screen.getByText('2 of 10 places taken (Accepted and Paid).')).toBeInTheDocument();
  });

  it('changes a status in place, then reads the participants and the lan again', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: {
        'PUT /api/subscribers/103/status:paid': () => jsonResponse({}),
      },
    });
    await user.selectOptions(await screen.findByLabelText('Status of ace'), 'Paid');
    await waitFor(() =>
      expect(countRequests(requests, 'PUT', '/api/subscribers/103/status:paid')).toBe(1),
    );
    await waitFor(() => {
      expect(countRequests(requests, 'GET', '/api/lans/1/participants')).toBe(2);
      expect(countRequests(requests, 'GET', '/api/lans/1')).toBe(2);
    });
    expect(requests.some((r) => r.method === 'PUT' && r.url.pathname.includes('101'))).toBe(false);
  });

  it('marks a Paid participant present', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'PUT /api/subscribers/102/present:true': () => jsonResponse({}) },
    });
    await user.selectOptions(await screen.findByLabelText('Presence of nova'), 'Present');
    await waitFor(() =>
      expect(countRequests(requests, 'PUT', '/api/subscribers/102/present:true')).toBe(1),
    );
  });

  it('shows a refusal next to the row it is about', async () => {
    const { user } = openAdminLan({
      participants,
      answers: {
        'PUT /api/subscribers/101/status:accepted': () =>
          problemResponse(409, { title: 'Conflict', detail: 'The lan is full.' }),
      },
    });
    await user.selectOptions(await screen.findByLabelText('Status of frag'), 'Accepted');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('frag could not be changed: The lan is full.');
    const fragRow = screen.getByRole('rowheader', { name: 'frag' }).closest('tr');
    expect(fragRow?.nextElementSibling).toContainElement(alert);
    expect(screen.getByLabelText('Status of frag')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when nobody has subscribed', async () => {
    openAdminLan();
    expect(await screen.findByText('Nobody has subscribed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains when the participants cannot be loaded', async () => {
    openAdminLan({
      answers: {
        'GET /api/lans/1/participants': () =>
          problemResponse(403, { title: 'Forbidden', detail: 'Only lan administrators.' }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The participants could not be loaded. Only lan administrators.',
    );
  });
});

describe('the participants on a phone', () => {
  beforeEach(() => {
    stubPhoneScreen();
  });

  it('shows a card per participant instead of a table, with the same controls', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: { 'PUT /api/subscribers/103/status:denied': () => jsonResponse({}) },
    });
    const list = await screen.findByRole('list', { name: 'Participants of Winter Lan' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'nova',
      'ace',
      'frag',
    ]);
    expect(cards[2]).toHaveTextContent('Waitlist#1');
    expect(cards[0]).toHaveTextContent('Amount due€20.00');
    await user.selectOptions(
      within(cards[1] as HTMLElement).getByLabelText('Status of ace'),
      'Denied',
    );
    // Denying asks first (with room for a reason).
    const dialog = await screen.findByRole('dialog', { name: 'Deny ace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() =>
      expect(countRequests(requests, 'PUT', '/api/subscribers/103/status:denied')).toBe(1),
    );
  });
});

describe('the participants CSV', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:participants');
  const revokeObjectURL = vi.fn();
  let saved: { href: string; download: string }[] = [];

  beforeEach(() => {
    // jsdom has no object URLs and does not navigate; the download is what the link held.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    createObjectURL.mockClear();
  });

  it('fetches the CSV with the bearer token and saves it under the server’s name', async () => {
    const { user, requests } = openAdminLan({
      participants,
      answers: {
        'GET /api/lans/1/participants.csv': () =>
          new Response('nickname,status\nnova,Paid\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="winter-lan-participants.csv"',
            },
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const request = requests.find((r) => r.url.pathname === '/api/lans/1/participants.csv');
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(saved[0]).toEqual({
      href: 'blob:participants',
      download: 'winter-lan-participants.csv',
    });
    await expect(createObjectURL.mock.calls[0]?.[0].text()).resolves.toBe(
      'nickname,status\nnova,Paid\n',
    );
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).not.toBeInTheDocument();
  });

  it('says why when the CSV is refused, and saves nothing', async () => {
    const { user } = openAdminLan({
      participants,
      answers: {
        'GET /api/lans/1/participants.csv': () =>
          problemResponse(403, { title: 'Forbidden', detail: 'Only lan administrators.' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The CSV could not be downloaded: Only lan administrators.',
    );
    expect(saved).toHaveLength(0);
  });
});
