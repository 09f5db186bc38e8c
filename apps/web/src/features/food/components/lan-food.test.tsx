import type { FoodRound } from '@lanparty/contract';
import {
  buildFoodOrder,
  buildFoodRound,
  buildLan,
  buildPage,
  buildSubscriber,
  buildUserPublic,
} from '@lanparty/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

/*
 * The lan page's food (issue 54): the open round with its countdown; a participant's order
 * in a few taps, saved whole, refused where the server refuses it; after the deadline what
 * they ordered and whether it is paid.
 */

const ada = buildUserPublic({ id: 11, nickname: 'ada', roles: ['Lanner'] });
const lanOf = (status: 'Accepted' | 'Pending') =>
  buildLan({
    startDate: '2099-12-04T18:00:00+01:00',
    endDate: '2099-12-06T18:00:00+01:00',
    subscribers: [buildSubscriber({ id: 5, status, user: ada })],
  });

function openLanPage({
  rounds,
  status = 'Accepted',
  answers = {},
}: {
  rounds: () => FoodRound[];
  status?: 'Accepted' | 'Pending';
  answers?: Parameters<typeof stubFetch>[0];
}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2099-12-04T20:45:00+01:00'));
  const stub = stubFetch({
    'GET /api/lans/1': () => jsonResponse(lanOf(status)),
    'GET /api/lans': () => jsonResponse(buildPage([])),
    'GET /api/users/me/subscriptions': () => jsonResponse(buildPage([])),
    'GET /api/lans/1/seating': () => problemResponse(404),
    'GET /api/lans/1/schedule': () => jsonResponse([]),
    'GET /api/lans/1/announcements': () => jsonResponse([]),
    'GET /api/lans/1/tournaments': () => jsonResponse([]),
    'GET /api/lans/1/now-playing': () => problemResponse(404),
    'GET /api/lans/1/food-rounds': () => jsonResponse(rounds()),
    ...answers,
  });
  return {
    ...stub,
    ...renderApp('/lans/1', {
      viewer: buildViewer({ id: 11, nickname: 'ada', roles: ['Lanner'] }),
    }),
  };
}

const foodRegion = () => screen.findByRole('region', { name: 'Food' });
const puts = (requests: StubbedRequest[]) =>
  requests.filter((request) => request.method === 'PUT').map((r) => JSON.parse(String(r.body)));

afterEach(() => {
  vi.useRealTimers();
});

describe('the food on a lan’s page', () => {
  it('takes a participant’s order in a few taps, with its total, and saves it whole', async () => {
    let round = buildFoodRound();
    const { user, requests } = openLanPage({
      rounds: () => [round],
      answers: {
        'PUT /api/food-rounds/1/my-order': () => {
          const myOrder = buildFoodOrder();
          round = { ...round, myOrder, orderCount: 1 };
          return jsonResponse(myOrder);
        },
      },
    });
    const region = await foodRegion();
    expect(within(region).getByText(/^Order by 21:00/)).toHaveTextContent(
      'Order by 21:00 · closes in 15 min',
    );
    await user.click(within(region).getByRole('button', { name: 'Add Margherita' }));
    await user.click(within(region).getByRole('checkbox', { name: 'Large +€2.00' }));
    await user.click(within(region).getByRole('button', { name: 'Add Cola' }));
    await user.click(within(region).getByRole('button', { name: 'One Cola more' }));
    expect(within(region).getByText('Total (3 items)').parentElement).toHaveTextContent('€15.50');
    await user.click(within(region).getByRole('button', { name: 'Place my order' }));

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]).toEqual({
      lines: [
        { itemId: 11, quantity: 1, choiceIds: [21], note: '' },
        { itemId: 12, quantity: 2, choiceIds: [], note: '' },
      ],
    });
    expect(
      await within(region).findByText('Your order is in: €15.50, pay at the desk.'),
    ).toBeInTheDocument();
  });

  it('says per line what the server refused, and that the round closed by its clock', async () => {
    const { user } = openLanPage({
      rounds: () => [buildFoodRound()],
      answers: {
        'PUT /api/food-rounds/1/my-order': (request) =>
          JSON.parse(String(request.body)).lines.length > 1
            ? problemResponse(400, {
                detail: 'One or more fields are invalid.',
                errors: { 'lines.1.note': ['Note must be at most 140 characters'] },
              })
            : problemResponse(409, { detail: 'The food round closed at 21:00.' }),
      },
    });
    const region = await foodRegion();
    await user.click(within(region).getByRole('button', { name: 'Add Cola' }));
    await user.click(within(region).getByRole('button', { name: 'Add Margherita' }));
    await user.click(within(region).getByRole('button', { name: 'Place my order' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Line 2 (Margherita): Note must be at most 140 characters',
    );
    await user.click(within(region).getByRole('button', { name: 'Remove Margherita' }));
    await user.click(within(region).getByRole('button', { name: 'Place my order' }));
    expect(await within(region).findByText(/The food round closed at 21:00\./)).toBeInTheDocument();
  });

  it('shows a closed round’s order, what it costs and that it is still to pay', async () => {
    openLanPage({
      rounds: () => [
        buildFoodRound({
          id: 2,
          supplier: 'Sushi Zen',
          closesAt: '2099-12-04T20:30:00+01:00',
          state: 'closed',
          myOrder: buildFoodOrder(),
        }),
      ],
    });
    const region = await foodRegion();
    expect(within(region).getByText('Closed at 20:30')).toBeInTheDocument();
    expect(within(region).getByText('Ordered — €15.50, pay at the desk')).toBeInTheDocument();
    expect(within(region).getByText('2 × Cola')).toBeInTheDocument();
  });

  it('says before sending that an order is over the round’s limit a person', async () => {
    const { user } = openLanPage({ rounds: () => [buildFoodRound({ maxPerPerson: 2 })] });
    const region = await foodRegion();
    expect(within(region).getByText('At most 2 items a person.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Add Cola' }));
    await user.click(within(region).getByRole('button', { name: 'Add Cola' }));
    expect(within(region).queryByText(/take 1 off/)).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Add Cola' }));
    expect(
      within(region).getByText(
        'At most 2 items a person in this round: take 1 off before you send it.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the order form from those without a place at the lan', async () => {
    openLanPage({ rounds: () => [buildFoodRound()], status: 'Pending' });
    const region = await foodRegion();
    expect(
      within(region).getByRole('list', { name: 'The menu of Pizzeria Roma' }),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    expect(
      within(region).getByText(/The lan’s participants \(accepted or paid\) order here/),
    ).toBeInTheDocument();
  });
});
