import {
  buildLan,
  buildOwnSubscription,
  buildPage,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const viewer = buildViewer({ id: 1, roles: ['Lanner'], nickname: 'pixelpete' });

function openTicket(shortCode: string | null) {
  const me = buildUserPublic({ id: 1, nickname: 'pixelpete', roles: ['Lanner'] });
  const mine = buildSubscriber({ id: 7, status: 'Accepted', user: me });
  stubFetch({
    'GET /api/lans/1': () => jsonResponse(buildLan({ subscribers: [mine] })),
    'GET /api/users/me/subscriptions': () =>
      jsonResponse(
        buildPage([
          buildOwnSubscription({ ...mine, checkInCode: '7K3M9QX2T5VBN8RD4HWCJ6PZAE', shortCode }),
        ]),
      ),
  });
  renderApp('/lans/1', { viewer });
}

describe('the codes on a ticket', () => {
  it('shows the short code to read out beside the QR code’s long one', async () => {
    openTicket('7KQ4MZ2X');
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).getByText('Code to read out').nextElementSibling).toHaveTextContent(
      '7KQ4-MZ2X',
    );
    expect(
      within(ticket).getByText('Ticket code (in the QR code)').nextElementSibling,
    ).toHaveTextContent('7K3M-9QX2-T5VB-N8RD-4HWC-J6PZ-AE');
    expect(
      within(ticket).getByText('Show the QR code at the door, or read out the short code.'),
    ).toBeInTheDocument();
  });

  it('shows the long code alone for a ticket without a short one', async () => {
    openTicket(null);
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).queryByText('Code to read out')).not.toBeInTheDocument();
    expect(within(ticket).getByText('Check-in code').nextElementSibling).toHaveTextContent(
      '7K3M-9QX2-T5VB-N8RD-4HWC-J6PZ-AE',
    );
  });
});
