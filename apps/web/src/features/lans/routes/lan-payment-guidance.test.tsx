import type { PaymentDetails, SubscriberStatus } from '@lanparty/contract';
import {
  buildLan,
  buildOwnSubscription,
  buildPage,
  buildPaymentDetails,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const me = () => buildUserPublic({ id: 1, nickname: 'pixelpete', roles: ['Lanner'] });
const filledIn = buildPaymentDetails({ reference: 'Winter Lan / pixelpete' });

/** Lan 1 with the viewer subscribed as `status`, their own subscription carrying `payment`. */
function openLanAs(status: SubscriberStatus, payment: PaymentDetails | null) {
  const mine = buildSubscriber({ id: 7, status, user: me() });
  const own = buildOwnSubscription({
    ...mine,
    amountDue: 30,
    amountPaid: status === 'Paid' ? 30 : 0,
    amountOutstanding: status === 'Paid' ? 0 : 30,
    payment,
  });
  const stub = stubFetch({
    'GET /api/lans/1': () => jsonResponse(buildLan({ subscribers: [mine] })),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([own])),
  });
  return {
    ...stub,
    ...renderApp('/lans/1', { viewer: buildViewer({ id: 1, roles: ['Lanner'] }) }),
  };
}

async function findPanel() {
  return screen.findByRole('region', { name: 'Subscription' });
}

describe('money on the lan page', () => {
  it('tells an accepted lanner how to pay what they owe', async () => {
    openLanAs('Accepted', filledIn);
    const panel = await findPanel();
    const howToPay = await within(panel).findByRole('region', { name: 'How to pay' });
    expect(howToPay).toHaveTextContent('Transfer €30.00 to:');
    expect(howToPay).toHaveTextContent(
      'Account holderStichting LanpartyIBANNL91 ABNA 0417 1643 00ReferenceWinter Lan / pixelpete',
    );
    expect(within(howToPay).getByRole('link', { name: 'treasurer@example.org' })).toHaveAttribute(
      'href',
      'mailto:treasurer@example.org',
    );
  });

  it('says the organiser will tell how to pay when no IBAN is given', async () => {
    openLanAs('Accepted', buildPaymentDetails({ iban: null, contactEmail: null }));
    const howToPay = await within(await findPanel()).findByRole('region', { name: 'How to pay' });
    expect(howToPay).toHaveTextContent('You owe €30.00. The organiser will tell you how to pay.');
    expect(within(howToPay).queryByRole('link')).not.toBeInTheDocument();
  });

  it('tells a paid lanner, who has no Withdraw, whom to ask about a refund', async () => {
    openLanAs('Paid', filledIn);
    const panel = await findPanel();
    const refund = await within(panel).findByRole('region', { name: 'Cannot come after all?' });
    expect(refund).toHaveTextContent(
      'A paid place is given up through the organiser, who can refund it. Write to treasurer@example.org.',
    );
    expect(within(refund).getByRole('link', { name: 'treasurer@example.org' })).toHaveAttribute(
      'href',
      'mailto:treasurer@example.org',
    );
    expect(refund).toHaveTextContent('You paid to:Account holderStichting Lanparty');
    expect(within(panel).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('sends a paid lanner to the lan’s administrators when no contact is given', async () => {
    openLanAs('Paid', buildPaymentDetails({ contactEmail: null }));
    const refund = await within(await findPanel()).findByRole('region', {
      name: 'Cannot come after all?',
    });
    expect(refund).toHaveTextContent('Ask one of the lan’s administrators.');
  });

  it('says nothing of money to a pending lanner', async () => {
    const { requests } = openLanAs('Pending', null);
    const panel = await findPanel();
    expect(panel).toHaveTextContent('Your request for participation is pending');
    expect(within(panel).queryByRole('region')).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/users/me/subscriptions')).toBe(
      false,
    );
  });
});
