import type { OwnSubscription, Subscriber, SubscriberStatus } from '@lanparty/contract';
import {
  buildLan,
  buildOwnSubscription,
  buildPage,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlertSaying } from '../../../testing/alerts.ts';
import { jsonResponse, stubFetch, textResponse } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';
import { qrCodeMarkup } from '../components/ticket-qr-code.tsx';

const CODE = '7K3M9QX2T5VBN8RD4HWCJ6PZAE';
const FORMATTED_CODE = '7K3M-9QX2-T5VB-N8RD-4HWC-J6PZ-AE';

const lanner = () => buildViewer({ id: 1, roles: ['Lanner'], nickname: 'pixelpete' });
const me = () => buildUserPublic({ id: 1, nickname: 'pixelpete', roles: ['Lanner'] });

function ownSubscription(subscriber: Subscriber, checkInCode: string | null): OwnSubscription {
  return buildOwnSubscription({ ...subscriber, checkInCode });
}

/** Lan 1 with these subscribers, and the viewer's own subscriptions as the server gives them. */
function stubLanAndOwnSubscriptions(subscribers: Subscriber[], own: OwnSubscription[]) {
  return stubFetch({
    'GET /api/lans/1': () => jsonResponse(buildLan({ subscribers })),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage(own)),
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the ticket on a lan', () => {
  it.each(['Accepted', 'Paid'] as const)(
    'shows an %s lanner their ticket: QR code of the door URL, the code, lan and nickname',
    async (status) => {
      const mine = buildSubscriber({ id: 7, status, user: me() });
      stubLanAndOwnSubscriptions([mine], [ownSubscription(mine, CODE)]);
      renderApp('/lans/1', { viewer: lanner() });

      const ticket = await screen.findByRole('region', { name: 'Your ticket' });
      const doorUrl = `${window.location.origin}/admin/lans/1/check-in#code=${CODE}`;
      // Drawn into the page as SVG (no SVG image: a page of its own for Chromium to set up).
      await waitFor(() =>
        expect(
          within(ticket).getByRole('img', { name: 'QR code of your ticket' }).querySelector('svg'),
        ).not.toBeNull(),
      );
      const expected = document.createElement('span');
      expected.innerHTML = await qrCodeMarkup(doorUrl);
      expect(within(ticket).getByRole('img', { name: 'QR code of your ticket' }).innerHTML).toBe(
        expected.innerHTML,
      );
      expect(within(ticket).getByText(FORMATTED_CODE)).toBeInTheDocument();
      expect(within(ticket).getByText('Winter Lan')).toBeInTheDocument();
      expect(within(ticket).getByText('pixelpete')).toBeInTheDocument();
      expect(within(ticket).getByText('Dates').nextElementSibling).toHaveTextContent(
        '04 Dec 2099, 17:00 – 06 Dec 2099, 17:00',
      );
    },
  );

  it('shows the seat held on the ticket, and no seat line without one', async () => {
    const mine = buildSubscriber({ id: 7, status: 'Paid', user: me() });
    stubLanAndOwnSubscriptions([mine], [{ ...ownSubscription(mine, CODE), seat: 'A12' }]);
    renderApp('/lans/1', { viewer: lanner() });
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).getByText('Seat').nextElementSibling).toHaveTextContent('A12');
  });

  it('prints the ticket from its Print ticket button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const mine = buildSubscriber({ id: 7, status: 'Paid', user: me() });
    stubLanAndOwnSubscriptions([mine], [ownSubscription(mine, CODE)]);
    const { user } = renderApp('/lans/1', { viewer: lanner() });
    await user.click(await screen.findByRole('button', { name: 'Print ticket' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it.each(['Pending', 'Denied'] as SubscriberStatus[])(
    'shows no ticket and asks for no code while %s',
    async (status) => {
      const mine = buildSubscriber({ id: 7, status, user: me() });
      const { requests } = stubLanAndOwnSubscriptions([mine], [ownSubscription(mine, null)]);
      renderApp('/lans/1', { viewer: lanner() });
      await screen.findByRole('heading', { name: 'Winter Lan', level: 2 });
      await screen.findByRole('table');
      expect(screen.queryByRole('region', { name: 'Your ticket' })).not.toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
      expect(requests.some((r) => r.url.pathname === '/api/users/me/subscriptions')).toBe(false);
    },
  );

  it("never shows another subscriber's ticket", async () => {
    const theirs = buildSubscriber({ id: 8, status: 'Paid', user: buildUserPublic({ id: 2 }) });
    const { requests } = stubLanAndOwnSubscriptions([theirs], []);
    renderApp('/lans/1', { viewer: lanner() });
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Your ticket' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Check-in code/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/users/me/subscriptions')).toBe(false);
  });

  it('shows the ticket of this lan only, not that of another lan', async () => {
    const mine = buildSubscriber({ id: 7, status: 'Accepted', user: me() });
    const otherLan = { ...mine, id: 8, lan: { ...mine.lan, id: 2, name: 'Spring Lan' } };
    stubLanAndOwnSubscriptions(
      [mine],
      [ownSubscription(otherLan, 'AAAABBBBCCCCDDDDEEEEFFFFGG'), ownSubscription(mine, CODE)],
    );
    renderApp('/lans/1', { viewer: lanner() });
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).getByText(FORMATTED_CODE)).toBeInTheDocument();
    expect(within(ticket).queryByText(/AAAA-BBBB/)).not.toBeInTheDocument();
  });

  it('says in words why the ticket could not be loaded, and offers to try again', async () => {
    const mine = buildSubscriber({ id: 7, status: 'Accepted', user: me() });
    stubFetch({
      'GET /api/lans/1': () => jsonResponse(buildLan({ subscribers: [mine] })),
      'GET /api/users/me/subscriptions': () => textResponse('Internal Server Error', 500),
    });
    renderApp('/lans/1', { viewer: lanner() });
    const alert = await findAlertSaying(
      'Your ticket could not be loaded. The server had a problem answering.',
    );
    expect(alert).not.toHaveTextContent('Internal Server Error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
