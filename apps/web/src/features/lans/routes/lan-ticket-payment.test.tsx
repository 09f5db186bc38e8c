import type { OwnSubscription, Subscriber } from '@lanparty/contract';
import {
  buildLan,
  buildOwnSubscription,
  buildPage,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

/*
 * The lanner's own ticket says what their place costs, what they paid and what is still
 * to pay (issue 32): "Amount due €30.00" alone read as owed by someone who had paid.
 */

const lanner = () => buildViewer({ id: 1, roles: ['Lanner'], nickname: 'pixelpete' });
const me = () => buildUserPublic({ id: 1, nickname: 'pixelpete', roles: ['Lanner'] });

function openTicket(mine: Subscriber, own: OwnSubscription) {
  stubFetch({
    'GET /api/lans/1': () => jsonResponse(buildLan({ subscribers: [mine] })),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([own])),
  });
  renderApp('/lans/1', { viewer: lanner() });
  return screen.findByRole('region', { name: 'Your ticket' });
}

/** The ticket's three amounts, by their terms. */
async function amountsOf(ticket: HTMLElement) {
  const payment = (await within(ticket).findByText('Payment', { selector: 'dt' }))
    .parentElement as HTMLElement;
  const amount = (term: string) =>
    within(payment).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  return {
    due: amount('Amount due'),
    paid: amount('Paid'),
    outstanding: amount('Outstanding'),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the money on the ticket', () => {
  it('shows an Accepted lanner what they owe, nothing paid yet, and all of it outstanding', async () => {
    const mine = buildSubscriber({ id: 7, status: 'Accepted', user: me() });
    const ticket = await openTicket(
      mine,
      buildOwnSubscription({ ...mine, amountDue: 27.5, amountPaid: 0, amountOutstanding: 27.5 }),
    );
    expect(await amountsOf(ticket)).toEqual({
      due: '€27.50',
      paid: '€0.00',
      outstanding: '€27.50',
    });
  });

  it('shows a Paid lanner the amount paid and nothing outstanding', async () => {
    const mine = buildSubscriber({ id: 7, status: 'Paid', user: me() });
    const ticket = await openTicket(
      mine,
      buildOwnSubscription({ ...mine, amountDue: 30, amountPaid: 30, amountOutstanding: 0 }),
    );
    expect(await amountsOf(ticket)).toEqual({
      due: '€30.00',
      paid: '€30.00',
      outstanding: '€0.00',
    });
  });

  it('shows the amounts the server fixed, not today’s price of the lan', async () => {
    const mine = buildSubscriber({ id: 7, status: 'Accepted', user: me() });
    stubFetch({
      'GET /api/lans/1': () =>
        jsonResponse(buildLan({ subscribers: [mine], price: 45, membersPrice: 40 })),
      'GET /api/users/me/subscriptions': () =>
        jsonResponse(
          buildPage([
            buildOwnSubscription({ ...mine, amountDue: 25, amountPaid: 0, amountOutstanding: 25 }),
          ]),
        ),
    });
    renderApp('/lans/1', { viewer: lanner() });
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect((await amountsOf(ticket)).due).toBe('€25.00');
  });
});
