import type { FoodRound, FoodRoundOrders } from '@lanparty/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

/** The site's clock, moved by the tests: the deadline is the server's, whatever a phone says. */
let shift = 0;
const clock = () => new Date(Date.now() + shift);
const inMinutes = (minutes: number) => new Date(clock().getTime() + minutes * 60_000).toISOString();

describe.each(testEngines)('food rounds on %s', (engine) => {
  const { api, site } = setUpOrganiserSite(engine, { clock });

  const menu = () => [
    {
      name: 'Margherita',
      price: 8.5,
      choices: [
        { name: 'Large', price: 2 },
        { name: 'Extra cheese', price: 1.25 },
      ],
    },
    { name: 'Cola', price: 2.5 },
  ];
  const openRound = async (
    lanId: number,
    overrides: Record<string, unknown> = {},
  ): Promise<FoodRound> => {
    const response = await api.request(api.admin, 'POST', `/api/lans/${lanId}/food-rounds`, {
      supplier: 'Pizzeria Roma',
      closesAt: inMinutes(60),
      items: menu(),
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const participant = async (lanId: number, status: 'accepted' | 'paid' = 'accepted') => {
    const who = await api.person();
    const { id } = await api.subscribe(lanId, who);
    await api.setStatus(id, status);
    return who;
  };
  const order = (who: Person | undefined, roundId: number, lines: unknown[]) =>
    api.request(who, 'PUT', `/api/food-rounds/${roundId}/my-order`, { lines });
  const ordersOf = async (roundId: number): Promise<FoodRoundOrders> => {
    const response = await api.request(api.admin, 'GET', `/api/food-rounds/${roundId}/orders`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const ids = (round: FoodRound) => {
    const [pizza, cola] = round.items;
    if (!pizza || !cola) throw new Error('the menu went missing');
    const [large, cheese] = pizza.choices;
    if (!large || !cheese) throw new Error('the choices went missing');
    return { pizza: pizza.id, cola: cola.id, large: large.id, cheese: cheese.id };
  };

  it('opens a round with its menu, each item and choice with an id, and lists it with your order', async () => {
    const lan = await api.createLan({ name: 'Food lan' });
    const round = await openRound(lan.id, { maxPerPerson: 4 });
    expect(round).toMatchObject({
      lanId: lan.id,
      supplier: 'Pizzeria Roma',
      state: 'open',
      maxPerPerson: 4,
      arrivedAt: null,
      orderCount: 0,
      myOrder: null,
      items: [
        {
          name: 'Margherita',
          price: 8.5,
          choices: [
            { name: 'Large', price: 2 },
            { name: 'Extra cheese', price: 1.25 },
          ],
        },
        { name: 'Cola', price: 2.5, choices: [] },
      ],
    });
    const who = await participant(lan.id);
    const { pizza, large, cheese, cola } = ids(round);
    const placed = await order(who, round.id, [
      { itemId: pizza, quantity: 2, choiceIds: [cheese, large], note: 'Well done' },
      { itemId: cola, quantity: 1 },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    // (8.50 + 2.00 + 1.25) × 2 + 2.50
    expect(placed.json()).toMatchObject({
      total: 26,
      paid: false,
      lines: [
        {
          itemId: pizza,
          name: 'Margherita',
          quantity: 2,
          choices: [
            { id: large, name: 'Large' },
            { id: cheese, name: 'Extra cheese' },
          ],
          note: 'Well done',
          unitPrice: 11.75,
          amount: 23.5,
        },
        { itemId: cola, quantity: 1, choices: [], note: '', unitPrice: 2.5, amount: 2.5 },
      ],
    });
    const listed = await api.request(who, 'GET', `/api/lans/${lan.id}/food-rounds`);
    expect(listed.json()[0]).toMatchObject({ id: round.id, orderCount: 1, myOrder: { total: 26 } });
    const visitor = await api.request(undefined, 'GET', `/api/lans/${lan.id}/food-rounds`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()[0].myOrder).toBeNull();
  });

  it('lets only lan administrators run rounds, and says what is wrong with a round field by field', async () => {
    const lan = await api.createLan({ name: 'Food rules lan' });
    const who = await participant(lan.id);
    const body = { supplier: 'Roma', closesAt: inMinutes(30), items: menu() };
    expect(
      (await api.request(who, 'POST', `/api/lans/${lan.id}/food-rounds`, body)).statusCode,
    ).toBe(403);
    expect(
      (await api.request(undefined, 'POST', `/api/lans/${lan.id}/food-rounds`, body)).statusCode,
    ).toBe(401);
    const refused = async (changes: Record<string, unknown>, field: string) => {
      const response = await api.request(api.admin, 'POST', `/api/lans/${lan.id}/food-rounds`, {
        ...body,
        ...changes,
      });
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(changes)).toContain(field);
    };
    await refused({ supplier: ' ' }, 'supplier');
    await refused({ closesAt: inMinutes(-1) }, 'closesAt');
    await refused({ items: [] }, 'items');
    await refused({ items: [{ name: 'Pizza', price: -1 }] }, 'items.0.price');
    await refused({ items: [{ name: 'Pizza', price: 8.555 }] }, 'items.0.price');
    await refused({ maxPerPerson: 0 }, 'maxPerPerson');
    expect((await api.request(api.admin, 'GET', `/api/lans/${lan.id}/food-rounds`)).json()).toEqual(
      [],
    );
    expect(
      (await api.request(api.admin, 'POST', '/api/lans/999999/food-rounds', body)).statusCode,
    ).toBe(404);
  });

  it('takes orders from participants only, each bad line a 400 of its own, and writes nothing then', async () => {
    const lan = await api.createLan({ name: 'Who orders lan' });
    const other = await api.createLan({ name: 'Other lan' });
    const round = await openRound(lan.id);
    const otherRound = await openRound(other.id);
    const { pizza, cola, large } = ids(round);
    const line = [{ itemId: cola, quantity: 1 }];
    const pending = await api.person();
    await api.subscribe(lan.id, pending);
    const denied = await api.person();
    await api.setStatus((await api.subscribe(lan.id, denied)).id, 'denied');
    const elsewhere = await participant(other.id);
    for (const who of [await api.person(), pending, denied, elsewhere]) {
      const response = await order(who, round.id, line);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(
        'Only the lan’s participants (Accepted or Paid) order food in its rounds.',
      );
    }
    expect((await order(undefined, round.id, line)).statusCode).toBe(401);
    const paid = await participant(lan.id, 'paid');
    expect((await order(paid, round.id, line)).statusCode).toBe(200);

    const who = await participant(lan.id);
    expect((await order(who, round.id, [{ itemId: cola, quantity: 3 }])).statusCode).toBe(200);
    const bad = await order(who, round.id, [
      { itemId: ids(otherRound).pizza, quantity: 1 },
      { itemId: pizza, quantity: 0 },
      { itemId: pizza, quantity: 21 },
      { itemId: cola, quantity: 1, choiceIds: [large] },
      { itemId: pizza, quantity: 1, note: 'x'.repeat(141) },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'lines.1.quantity': ['Quantity must greater than 1'],
      'lines.2.quantity': ['Quantity must less than 20'],
      'lines.4.note': ['Note cannot be more than 140 characters long'],
    });
    const unknown = await order(who, round.id, [
      { itemId: ids(otherRound).pizza, quantity: 1 },
      { itemId: cola, quantity: 1, choiceIds: [large] },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      'lines.0.itemId': ['Not on the menu of this round'],
      'lines.1.choiceIds': ['Not a choice of Cola'],
    });
    const [kept] = (await api.request(who, 'GET', `/api/lans/${lan.id}/food-rounds`)).json();
    expect(kept.myOrder).toMatchObject({ total: 7.5, lines: [{ itemId: cola, quantity: 3 }] });
  });

  it('holds the limit a person, also when two changes race', async () => {
    const lan = await api.createLan({ name: 'Limit lan' });
    const round = await openRound(lan.id, { maxPerPerson: 3 });
    const { pizza, cola } = ids(round);
    const who = await participant(lan.id);
    const over = await order(who, round.id, [
      { itemId: pizza, quantity: 2 },
      { itemId: cola, quantity: 2 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ lines: ['At most 3 items a person in this round'] });
    const answers = await Promise.all([
      order(who, round.id, [{ itemId: pizza, quantity: 3 }]),
      order(who, round.id, [{ itemId: cola, quantity: 3 }]),
      order(who, round.id, [
        { itemId: pizza, quantity: 1 },
        { itemId: cola, quantity: 2 },
      ]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const { orders } = await ordersOf(round.id);
    expect(orders).toHaveLength(1);
    const quantity = orders[0]?.lines.reduce((sum, line) => sum + line.quantity, 0);
    expect(quantity).toBe(3);
    // Exactly one of the answers, not a mix of two.
    expect(answers.map((answer) => answer.json().total)).toContain(orders[0]?.total);
  });

  it('refuses every change from the deadline on by the server’s clock, saying when it closed', async () => {
    const lan = await api.createLan({ name: 'Deadline lan' });
    const round = await openRound(lan.id, { closesAt: inMinutes(10) });
    const { cola } = ids(round);
    const who = await participant(lan.id);
    expect((await order(who, round.id, [{ itemId: cola, quantity: 1 }])).statusCode).toBe(200);
    shift += 10 * 60_000;
    try {
      const closedAt = new Intl.DateTimeFormat('en-GB', {
        timeZone: site.config.communityTimeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(round.closesAt));
      for (const response of [
        await order(who, round.id, [{ itemId: cola, quantity: 2 }]),
        await api.request(who, 'DELETE', `/api/food-rounds/${round.id}/my-order`),
        await api.request(api.admin, 'PUT', `/api/food-rounds/${round.id}`, {
          supplier: 'Roma',
          closesAt: inMinutes(30),
          items: menu(),
        }),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().detail).toBe(`The food round closed at ${closedAt}.`);
      }
      const [listed] = (await api.request(who, 'GET', `/api/lans/${lan.id}/food-rounds`)).json();
      expect(listed).toMatchObject({ state: 'closed', myOrder: { total: 2.5 } });
    } finally {
      shift -= 10 * 60_000;
    }
  });

  it('keeps each order exactly as last accepted when the round is closed in the middle of a rush', async () => {
    const lan = await api.createLan({ name: 'Rush lan', maximumSubcribers: 30 });
    const round = await openRound(lan.id);
    const { cola } = ids(round);
    const people = await Promise.all(Array.from({ length: 12 }, () => participant(lan.id)));
    const close = () =>
      api.request(api.admin, 'PUT', `/api/food-rounds/${round.id}`, {
        supplier: 'Pizzeria Roma',
        closesAt: inMinutes(-1),
        items: round.items.map((item) => ({
          id: item.id,
          name: item.name,
          price: item.price,
          choices: item.choices,
        })),
      });
    const answers = await Promise.all([
      ...people.map((who, index) =>
        order(who, round.id, [{ itemId: cola, quantity: 1 + (index % 5) }]),
      ),
      close(),
    ]);
    const closing = answers.at(-1);
    expect(closing?.statusCode, closing?.body).toBe(200);
    const placed = answers.slice(0, -1);
    expect(placed.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const { orders, totals } = await ordersOf(round.id);
    const accepted = placed
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().id);
    expect(orders.map((each) => each.orderId).sort()).toEqual(accepted.sort());
    expect(totals.amount).toBe(orders.reduce((sum, each) => sum + each.total, 0));
    expect((await order(people[0], round.id, [{ itemId: cola, quantity: 1 }])).statusCode).toBe(
      409,
    );
  });

  it('gives the organiser the call to make, who pays what, and a spreadsheet in both dialects', async () => {
    const lan = await api.createLan({ name: 'Totals lan' });
    const round = await openRound(lan.id);
    const { pizza, cola, large, cheese } = ids(round);
    const ann = await participant(lan.id);
    const bob = await api.person({ nickname: '=HYPERLINK("x")' });
    await api.setStatus((await api.subscribe(lan.id, bob)).id, 'accepted');
    await order(ann, round.id, [
      { itemId: pizza, quantity: 1, choiceIds: [large] },
      { itemId: cola, quantity: 2 },
    ]);
    await order(bob, round.id, [
      { itemId: pizza, quantity: 2, choiceIds: [large] },
      { itemId: pizza, quantity: 1, choiceIds: [large, cheese], note: 'No basil' },
      { itemId: pizza, quantity: 1 },
    ]);
    const view = await ordersOf(round.id);
    expect(view.totals).toEqual({
      items: [
        { itemId: pizza, name: 'Margherita', choices: [], quantity: 1, amount: 8.5 },
        { itemId: pizza, name: 'Margherita', choices: ['Large'], quantity: 3, amount: 31.5 },
        {
          itemId: pizza,
          name: 'Margherita',
          choices: ['Large', 'Extra cheese'],
          quantity: 1,
          amount: 11.75,
        },
        { itemId: cola, name: 'Cola', choices: [], quantity: 2, amount: 5 },
      ],
      amount: 56.75,
      paid: 0,
      outstanding: 56.75,
    });
    const bobsOrder = view.orders.find((each) => each.userId === bob.user.id);
    expect(bobsOrder).toMatchObject({
      nickname: '=HYPERLINK("x")',
      seat: null,
      total: 41.25,
      paid: false,
    });
    const paid = await api.request(
      api.admin,
      'PUT',
      `/api/food-rounds/${round.id}/orders/${bobsOrder?.orderId}/paid`,
      { paid: true },
    );
    expect(paid.statusCode).toBe(204);
    expect((await ordersOf(round.id)).totals).toMatchObject({ paid: 41.25, outstanding: 15.5 });
    expect((await api.request(ann, 'GET', `/api/food-rounds/${round.id}/orders`)).statusCode).toBe(
      403,
    );

    for (const [separator, delimiter, money] of [
      ['comma', ',', '41.25'],
      ['semicolon', ';', '41,25'],
    ] as const) {
      const csv = await api.request(
        api.admin,
        'GET',
        `/api/food-rounds/${round.id}/orders.csv?separator=${separator}`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="food-pizzeria-roma.csv"',
      );
      const rows = parse(csv.body.replace(/^\uFEFF/, ''), { delimiter, columns: true }) as Record<
        string,
        string
      >[];
      expect(rows).toHaveLength(5);
      const bobsRow = rows.find((row) => row.Note === 'No basil');
      expect(bobsRow).toMatchObject({
        Nickname: `'=HYPERLINK("x")`,
        Item: 'Margherita',
        Choices: 'Large, Extra cheese',
        'Order total (€)': money,
        Paid: 'yes',
      });
    }
  });

  it('tells the orderers, and only them, that the food is here once the round closed; or that it was cancelled', async () => {
    const lan = await api.createLan({ name: 'Arrival lan' });
    const round = await openRound(lan.id);
    const { cola } = ids(round);
    const [eater, bystander] = [await participant(lan.id), await participant(lan.id)];
    await order(eater, round.id, [{ itemId: cola, quantity: 1 }]);
    const early = await api.request(api.admin, 'POST', `/api/food-rounds/${round.id}/arrived`);
    expect(early.statusCode, early.body).toBe(409);
    await api.request(api.admin, 'PUT', `/api/food-rounds/${round.id}`, {
      supplier: 'Pizzeria Roma',
      closesAt: inMinutes(-5),
      items: round.items,
    });
    const quiet = await api.outboxMark();
    const arrived = await api.request(api.admin, 'POST', `/api/food-rounds/${round.id}/arrived`);
    expect(arrived.json()).toEqual({ told: 1 });
    expect((await api.queuedSince(quiet)).filter((one) => one.channel === 'chat')).toEqual([]);
    const mark = await api.outboxMark();
    const again = await api.request(api.admin, 'POST', `/api/food-rounds/${round.id}/arrived`, {
      toChat: true,
    });
    expect(again.json()).toEqual({ told: 1 });
    expect(
      (await api.queuedSince(mark))
        .filter((one) => one.channel === 'chat')
        .map((one) => one.payload),
    ).toMatchObject([
      {
        content: '🍕 The food from Pizzeria Roma is here!',
        embeds: [{ title: 'Arrival lan', url: expect.stringContaining(`/lans/${lan.id}`) }],
      },
    ]);
    const noticesOf = async (who: Person) =>
      (await api.request(who, 'GET', '/api/users/me/notices'))
        .json()
        .items.filter((notice: { kind: string }) => notice.kind === 'food');
    expect(await noticesOf(eater)).toMatchObject([
      { text: 'Your food from Pizzeria Roma is here.', link: `/lans/${lan.id}` },
      { text: 'Your food from Pizzeria Roma is here.', link: `/lans/${lan.id}` },
    ]);
    expect(await noticesOf(bystander)).toEqual([]);

    const second = await openRound(lan.id, { supplier: 'Sushi Zen' });
    await order(bystander, second.id, [{ itemId: ids(second).cola, quantity: 1 }]);
    expect(
      (await api.request(api.admin, 'DELETE', `/api/food-rounds/${second.id}`)).statusCode,
    ).toBe(204);
    expect(await noticesOf(bystander)).toMatchObject([
      { text: 'The food round of Sushi Zen was cancelled.' },
    ]);
    const refused = await order(bystander, second.id, [{ itemId: ids(second).cola, quantity: 1 }]);
    expect(refused.json().detail).toBe('The food round was cancelled.');
  });

  it('changes an open round’s menu, keeping what was ordered as it was ordered', async () => {
    const lan = await api.createLan({ name: 'Menu lan' });
    const round = await openRound(lan.id);
    const { pizza, cola } = ids(round);
    const who = await participant(lan.id);
    await order(who, round.id, [{ itemId: cola, quantity: 2 }]);
    const changed = await api.request(api.admin, 'PUT', `/api/food-rounds/${round.id}`, {
      supplier: 'Pizzeria Roma',
      closesAt: inMinutes(90),
      maxPerPerson: null,
      items: [
        { id: pizza, name: 'Margherita', price: 9, choices: [] },
        { name: 'Tiramisu', price: 4.5 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Margherita',
      'Tiramisu',
    ]);
    expect(changed.json().myOrder).toBeNull();
    const [listed] = (await api.request(who, 'GET', `/api/lans/${lan.id}/food-rounds`)).json();
    expect(listed.myOrder).toMatchObject({
      total: 5,
      lines: [{ name: 'Cola', quantity: 2, unitPrice: 2.5 }],
    });
    const stale = await order(who, round.id, [{ itemId: cola, quantity: 1 }]);
    expect(stale.json().errors).toEqual({ 'lines.0.itemId': ['Not on the menu of this round'] });
    const foreign = await api.request(api.admin, 'PUT', `/api/food-rounds/${round.id}`, {
      supplier: 'Pizzeria Roma',
      closesAt: inMinutes(90),
      items: [{ id: 999_999, name: 'Ghost', price: 1 }],
    });
    expect(foreign.json().errors).toEqual({ 'items.0.id': ['Not an item of this round'] });
  });

  it('on erasure drops the orders of rounds to come and keeps paid ones of rounds past, of a Former lanner', async () => {
    const lan = await api.createLan({ name: 'Erasure food lan' });
    const past = await openRound(lan.id);
    const open = await openRound(lan.id);
    const who = await participant(lan.id);
    await order(who, past.id, [{ itemId: ids(past).cola, quantity: 1 }]);
    await order(who, open.id, [{ itemId: ids(open).cola, quantity: 1 }]);
    const exported = await api.request(who, 'GET', '/api/users/me/export');
    expect(exported.json().data.food_orders).toHaveLength(2);
    await api.request(api.admin, 'PUT', `/api/food-rounds/${past.id}`, {
      supplier: 'Pizzeria Roma',
      closesAt: inMinutes(-1),
      items: past.items,
    });
    const [pastOrder] = (await ordersOf(past.id)).orders;
    await api.request(
      api.admin,
      'PUT',
      `/api/food-rounds/${past.id}/orders/${pastOrder?.orderId}/paid`,
      {
        paid: true,
      },
    );
    const manager = await api.person({ roles: ['MemberAdministrator'] });
    expect((await api.request(manager, 'DELETE', `/api/users/${who.user.id}`)).statusCode).toBe(
      204,
    );
    expect((await ordersOf(open.id)).orders).toEqual([]);
    expect((await ordersOf(past.id)).orders).toMatchObject([
      { nickname: 'Former lanner', paid: true, total: 2.5 },
    ]);
  });

  it('keeps an order paid when it is changed to the same amount, and not once the amount changes', async () => {
    const lan = await api.createLan({ name: 'Desk lan' });
    const round = await openRound(lan.id);
    const { pizza, cola, large } = ids(round);
    const eater = await participant(lan.id);
    const placed = await order(eater, round.id, [{ itemId: cola, quantity: 2 }]);
    const setPaid = (paid: boolean) =>
      api.request(
        api.admin,
        'PUT',
        `/api/food-rounds/${round.id}/orders/${placed.json().id}/paid`,
        { paid },
      );
    expect((await setPaid(true)).statusCode).toBe(204);
    const same = await order(eater, round.id, [
      { itemId: cola, quantity: 1, note: 'cold' },
      { itemId: cola, quantity: 1 },
    ]);
    expect(same.json()).toMatchObject({ id: placed.json().id, total: 5, paid: true });
    const more = await order(eater, round.id, [{ itemId: pizza, quantity: 1, choiceIds: [large] }]);
    expect(more.json()).toMatchObject({ id: placed.json().id, total: 10.5, paid: false });
    expect((await ordersOf(round.id)).totals).toMatchObject({
      amount: 10.5,
      paid: 0,
      outstanding: 10.5,
    });
  });

  it('lists a person’s orders, and what they ordered in each, in their data export', async () => {
    const lan = await api.createLan({ name: 'Export lan' });
    const round = await openRound(lan.id);
    const { pizza, large } = ids(round);
    const eater = await participant(lan.id);
    const placed = await order(eater, round.id, [
      { itemId: pizza, quantity: 2, choiceIds: [large], note: 'Well done' },
    ]);
    const exported = (await api.request(eater, 'GET', '/api/users/me/export')).json();
    expect(exported.data.food_orders).toMatchObject([
      { id: placed.json().id, round_id: round.id, total: '€21.00', is_paid: false },
    ]);
    expect(exported.data.food_order_lines).toEqual([
      {
        order_id: placed.json().id,
        position: 0,
        item: 'Margherita',
        quantity: 2,
        unit_price: '€10.50',
        note: 'Well done',
        choices: ['Large'],
      },
    ]);
    expect(exported.about.parts.food_order_lines).toMatch(/What you ordered/);
  });

  it('tells open pages of a round’s changes, and only lan administrators of each order', async () => {
    const lan = await api.createLan({ name: 'Live food lan' });
    const foodEvents = () =>
      site.db
        .selectFrom('events')
        .select(['lan_id', 'is_hidden'])
        .where('kind', '=', 'food')
        .where('lan_id', '=', lan.id)
        .orderBy('id')
        .execute();
    const round = await openRound(lan.id);
    const afterOpening = await foodEvents();
    expect(afterOpening.length).toBeGreaterThan(0);
    expect(afterOpening.every((event) => !event.is_hidden)).toBe(true);
    const eater = await participant(lan.id);
    await order(eater, round.id, [{ itemId: ids(round).cola, quantity: 2 }]);
    const ofTheOrder = (await foodEvents()).slice(afterOpening.length);
    expect(ofTheOrder.length).toBeGreaterThan(0);
    expect(ofTheOrder.every((event) => Boolean(event.is_hidden))).toBe(true);
  });
});
