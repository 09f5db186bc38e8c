import type { FoodOrder, FoodRound, FoodRoundOrders } from '../schemas/food.ts';

/*
 * Food rounds for the tests of the lan page's food, the organiser's panel and the screen:
 * a fresh object each call, as the lans and users are built.
 */

/**
 * Pizzeria Roma's round of lan 1, open until 4 Dec 2099, 21:00 (+01:00): a Margherita
 * (8.50, Large +2.00, Extra cheese +1.25) and a Cola (2.50), no limit, no orders.
 */
export function buildFoodRound(overrides: Partial<FoodRound> = {}): FoodRound {
  return {
    id: 1,
    lanId: 1,
    supplier: 'Pizzeria Roma',
    closesAt: '2099-12-04T21:00:00+01:00',
    state: 'open',
    maxPerPerson: null,
    arrivedAt: null,
    items: [
      {
        id: 11,
        name: 'Margherita',
        price: 8.5,
        choices: [
          { id: 21, name: 'Large', price: 2 },
          { id: 22, name: 'Extra cheese', price: 1.25 },
        ],
      },
      { id: 12, name: 'Cola', price: 2.5, choices: [] },
    ],
    orderCount: 0,
    myOrder: null,
    ...overrides,
  };
}

/** An order of `buildFoodRound`'s: a large Margherita and two Colas, €15.50, not paid. */
export function buildFoodOrder(overrides: Partial<FoodOrder> = {}): FoodOrder {
  return {
    id: 31,
    lines: [
      {
        itemId: 11,
        name: 'Margherita',
        quantity: 1,
        choices: [{ id: 21, name: 'Large' }],
        note: '',
        unitPrice: 10.5,
        amount: 10.5,
      },
      {
        itemId: 12,
        name: 'Cola',
        quantity: 2,
        choices: [],
        note: '',
        unitPrice: 2.5,
        amount: 5,
      },
    ],
    total: 15.5,
    paid: false,
    updatedAt: '2099-12-04T19:00:00+01:00',
    ...overrides,
  };
}

/** The organiser's view of a round with `buildFoodOrder` by Nick at A1, and one by Ada, paid. */
export function buildFoodRoundOrders(): FoodRoundOrders {
  const nick = buildFoodOrder();
  return {
    orders: [
      {
        orderId: 31,
        userId: 2,
        nickname: 'Nick',
        seat: 'A1',
        lines: nick.lines,
        total: 15.5,
        paid: false,
      },
      {
        orderId: 32,
        userId: 3,
        nickname: 'Ada',
        seat: null,
        lines: [nick.lines[1] as FoodOrder['lines'][number]],
        total: 5,
        paid: true,
      },
    ],
    totals: {
      items: [
        { itemId: 11, name: 'Margherita', choices: ['Large'], quantity: 1, amount: 10.5 },
        { itemId: 12, name: 'Cola', choices: [], quantity: 4, amount: 10 },
      ],
      amount: 20.5,
      paid: 5,
      outstanding: 15.5,
    },
  };
}
