import type { FoodRound } from '@lanparty/contract';
import { buildFoodRound, buildFoodRoundOrders, buildLan } from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyResponse, jsonResponse, type StubbedRequest } from '../../../testing/fetch-stub.ts';
import { openAdminLan } from '../../../testing/open-admin-lan.ts';

/*
 * The admin lan page's food (issue 54): a round opened with its menu on the community's
 * clock; the totals for the call, who paid, the food arrived.
 */

const lan = buildLan({
  startDate: '2099-12-04T18:00:00+01:00',
  endDate: '2099-12-06T18:00:00+01:00',
});
const foodSection = () => screen.findByRole('region', { name: 'Food' });
const bodiesOf = (requests: StubbedRequest[], method: string, path: string) =>
  requests
    .filter((request) => request.method === method && request.url.pathname === path)
    .map((request) => JSON.parse(String(request.body)));

describe('the food rounds on the admin lan screen', () => {
  it('opens a round with its menu, prices and choices, its deadline on the community’s clock', async () => {
    let rounds: FoodRound[] = [];
    const { user, requests } = openAdminLan({
      lan,
      answers: {
        'GET /api/lans/1/food-rounds': () => jsonResponse(rounds),
        'POST /api/lans/1/food-rounds': () => {
          rounds = [buildFoodRound()];
          return jsonResponse(rounds[0], 201);
        },
      },
    });
    const section = await foodSection();
    expect(await within(section).findByText('No food round yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Open a food round' }));
    const form = within(section).getByRole('form', { name: 'Open a food round' });
    await user.type(within(form).getByLabelText('Supplier'), 'Pizzeria Roma');
    const closes = within(form).getByLabelText('Orders close at');
    await user.clear(closes);
    await user.type(closes, '2099-12-04T21:00');
    await user.type(within(form).getByLabelText('Item 1'), 'Margherita');
    await user.type(within(form).getByLabelText('Price (€)'), '8,50');
    await user.click(within(form).getByRole('button', { name: /Add a choice/ }));
    await user.type(within(form).getByLabelText('Choice 1 of item 1'), 'Large');
    await user.type(within(form).getByLabelText('Adds (€)'), '2');
    // An item without a price is said of its item, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Add an item' }));
    await user.type(within(form).getByLabelText('Item 2'), 'Cola');
    await user.click(within(form).getByRole('button', { name: 'Open the round' }));
    expect(
      await within(form).findByText('Cola needs a price from 0 to 500 euros.'),
    ).toBeInTheDocument();
    expect(bodiesOf(requests, 'POST', '/api/lans/1/food-rounds')).toEqual([]);
    await user.type(within(form).getAllByLabelText('Price (€)')[1] as HTMLElement, '2.5');
    await user.click(within(form).getByRole('button', { name: 'Open the round' }));

    await waitFor(() =>
      expect(bodiesOf(requests, 'POST', '/api/lans/1/food-rounds')).toHaveLength(1),
    );
    expect(bodiesOf(requests, 'POST', '/api/lans/1/food-rounds')[0]).toEqual({
      supplier: 'Pizzeria Roma',
      closesAt: '2099-12-04T21:00:00+01:00',
      maxPerPerson: null,
      items: [
        { name: 'Margherita', price: 8.5, choices: [{ name: 'Large', price: 2 }] },
        { name: 'Cola', price: 2.5, choices: [] },
      ],
    });
    expect(
      await within(section).findByRole('heading', { name: 'Pizzeria Roma' }),
    ).toBeInTheDocument();
  });

  it('shows what to call in and who paid, ticks a payment, and tells the orderers the food is here', async () => {
    const closed = buildFoodRound({ state: 'closed', orderCount: 2 });
    const { user, requests } = openAdminLan({
      lan,
      foodRounds: [closed],
      answers: {
        'GET /api/food-rounds/1/orders': () => jsonResponse(buildFoodRoundOrders()),
        'PUT /api/food-rounds/1/orders/31/paid': () => emptyResponse(),
        'POST /api/food-rounds/1/arrived': () => jsonResponse({ told: 2 }),
      },
    });
    const section = await foodSection();
    const call = await within(section).findByRole('table', {
      name: 'For the call to Pizzeria Roma',
    });
    expect(
      within(call)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ItemAmount', '1 × Margherita (Large)€10.50', '4 × Cola€10.00']);
    expect(within(section).getByText('Still to pay €15.50')).toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Nick paid €15.50' }));
    await waitFor(() =>
      expect(bodiesOf(requests, 'PUT', '/api/food-rounds/1/orders/31/paid')).toEqual([
        { paid: true },
      ]),
    );
    await user.click(within(section).getByRole('checkbox', { name: 'Tell the chat too' }));
    await user.click(within(section).getByRole('button', { name: 'Food arrived' }));
    expect(await within(section).findByText('2 orderers were told.')).toBeInTheDocument();
    expect(bodiesOf(requests, 'POST', '/api/food-rounds/1/arrived')).toEqual([{ toChat: true }]);
  });
});
