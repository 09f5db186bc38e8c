import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { wallClockOf, zonedInstant } from '../../lib/zoned-time.ts';
import {
  insertFoodItem,
  insertFoodRound,
  listFoodChoices,
  listFoodItems,
  markFoodRoundArrived,
} from '../food/food.repository.ts';
import {
  type NewFoodOrderLine,
  replaceFoodOrder,
  setFoodOrderPaid,
} from '../food/food-orders.repository.ts';
import { findLanById } from '../lans/lans.repository.ts';
import { createRandom, type Random } from './seeded-random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The community's pizzeria, prices in cents: a pizza Large or with extra cheese costs more. */
const supplier = 'Pizzeria Roma';
const large = { name: 'Large', cents: 300 };
const extraCheese = { name: 'Extra cheese', cents: 150 };
const menu = [
  { name: 'Pizza Margherita', cents: 950, choices: [large, extraCheese] },
  { name: 'Pizza Salami', cents: 1150, choices: [large, extraCheese] },
  { name: 'Pizza Quattro formaggi', cents: 1250, choices: [large] },
  { name: 'Pasta bolognese', cents: 1050, choices: [extraCheese] },
  { name: 'Garlic bread', cents: 450, choices: [] },
] as const;

type ItemName = (typeof menu)[number]['name'];
type DemoLine = { item: ItemName; choices?: readonly string[]; quantity?: number; note?: string };
/** An order as the demo writes it: its lines, and whether the money was taken. */
type DemoOrder = { lines: readonly DemoLine[]; isPaid: boolean };

/** The last past lan's midnight pizza: nine orders, two never paid, two with a note. */
const pastOrders: readonly DemoOrder[] = [
  { lines: [{ item: 'Pizza Margherita', choices: ['Large'] }], isPaid: true },
  {
    lines: [{ item: 'Pizza Salami', choices: ['Large', 'Extra cheese'] }, { item: 'Garlic bread' }],
    isPaid: true,
  },
  { lines: [{ item: 'Pizza Quattro formaggi' }], isPaid: false },
  {
    lines: [{ item: 'Pasta bolognese', choices: ['Extra cheese'], note: 'No onions, please' }],
    isPaid: true,
  },
  { lines: [{ item: 'Pizza Salami', quantity: 2 }], isPaid: true },
  {
    lines: [
      { item: 'Pizza Margherita', choices: ['Extra cheese'] },
      { item: 'Garlic bread', quantity: 2 },
    ],
    isPaid: true,
  },
  {
    lines: [{ item: 'Pizza Quattro formaggi', choices: ['Large'], note: 'Well done, crispy' }],
    isPaid: false,
  },
  { lines: [{ item: 'Pizza Salami' }], isPaid: true },
  { lines: [{ item: 'Pizza Margherita' }, { item: 'Pasta bolognese' }], isPaid: true },
];

/** The open lan's round so far: four orders, one paid at the desk already. */
const openOrders: readonly DemoOrder[] = [
  { lines: [{ item: 'Pizza Salami', choices: ['Large'] }], isPaid: true },
  {
    lines: [{ item: 'Pizza Margherita', choices: ['Extra cheese'] }, { item: 'Garlic bread' }],
    isPaid: false,
  },
  {
    lines: [{ item: 'Pasta bolognese', note: 'Parmesan on the side' }],
    isPaid: false,
  },
  { lines: [{ item: 'Pizza Quattro formaggi', choices: ['Large'] }], isPaid: false },
];

/** A lan to feed: its id and who may order (its participants; present ones for a past lan). */
export type LanToFeed = { id: number; participants: readonly number[] };

/**
 * The demo's food rounds (issue 54), both from Pizzeria Roma: at the last past lan a round
 * closed at 21:00 on its first evening (the community's clock), its food arrived, nine of
 * its lanners' orders in, most paid; at the open lan a round open until 21:00 on its first
 * evening, at most three items a person, four of its participants' orders in so far.
 */
export async function seedDemoFood(
  trx: Executor,
  options: { past: LanToFeed | undefined; open: LanToFeed; now: Date; timeZone: string },
): Promise<void> {
  const random = createRandom(20_250_154);
  if (options.past) await seedPastRound(trx, options.past, options.timeZone, random);
  await seedOpenRound(trx, options.open, options, random);
}

/** Opened an hour into the lan, closed at 21:00 on its first evening, the food arrived. */
async function seedPastRound(trx: Executor, lan: LanToFeed, timeZone: string, random: Random) {
  const start = await startOf(trx, lan.id);
  const closesAt = firstEveningAt21(start, timeZone);
  const openedAt = new Date(start.getTime() + HOUR);
  const roundId = await seedRound(trx, lan.id, { closesAt, maxPerPerson: null }, openedAt);
  const orderers = random.pick(lan.participants, pastOrders.length);
  // Spread over the round, the last a while before the deadline.
  const step = (closesAt.getTime() - openedAt.getTime()) / (orderers.length + 1);
  await seedOrders(
    trx,
    roundId,
    orderers,
    pastOrders,
    (index) => new Date(openedAt.getTime() + Math.round((index + 1) * step)),
  );
  await markFoodRoundArrived(trx, roundId, new Date(closesAt.getTime() + 55 * MINUTE));
}

/** Opened a day ago, open until 21:00 on the lan's first evening; orders of the last day. */
async function seedOpenRound(
  trx: Executor,
  lan: LanToFeed,
  { now, timeZone }: { now: Date; timeZone: string },
  random: Random,
) {
  const closesAt = firstEveningAt21(await startOf(trx, lan.id), timeZone);
  const openedAt = new Date(now.getTime() - 26 * HOUR);
  const roundId = await seedRound(trx, lan.id, { closesAt, maxPerPerson: 3 }, openedAt);
  const orderers = random.pick(lan.participants, openOrders.length);
  const hoursAgo = [20, 9, 3, 1];
  await seedOrders(
    trx,
    roundId,
    orderers,
    openOrders,
    (index) => new Date(now.getTime() - (hoursAgo[index] ?? 1) * HOUR),
  );
}

async function startOf(trx: Executor, lanId: number): Promise<Date> {
  const lan = await findLanById(trx, lanId);
  if (!lan) throw new Error(`The demo's lan ${lanId} went missing`);
  return new Date(toIsoTimestamp(lan.start_date));
}

/** 21:00 on the community's clocks on the lan's first day (or the next, were that too soon). */
function firstEveningAt21(start: Date, timeZone: string): Date {
  const { year, month, day } = wallClockOf(start, timeZone);
  const evening = zonedInstant({ year, month, day, hour: 21, minute: 0 }, timeZone);
  return evening.getTime() >= start.getTime() + 2 * HOUR
    ? evening
    : zonedInstant({ year, month, day: day + 1, hour: 21, minute: 0 }, timeZone);
}

/** A round of Pizzeria Roma with its menu, opened at `at`: its id. */
async function seedRound(
  trx: Executor,
  lanId: number,
  round: { closesAt: Date; maxPerPerson: number | null },
  at: Date,
): Promise<number> {
  const roundId = await insertFoodRound(trx, { lanId, supplier, ...round }, at);
  for (const [position, item] of menu.entries())
    await insertFoodItem(trx, roundId, {
      name: item.name,
      priceCents: item.cents,
      position,
      choices: item.choices.map((choice, index) => ({
        name: choice.name,
        priceCents: choice.cents,
        position: index,
      })),
    });
  return roundId;
}

/**
 * The orders, one a person in turn (as many as there are people), each priced as the
 * menu stands: a line's unit price its item's and its choices', the total its lines'.
 */
async function seedOrders(
  trx: Executor,
  roundId: number,
  orderers: readonly number[],
  orders: readonly DemoOrder[],
  placedAt: (index: number) => Date,
): Promise<void> {
  const items = await listFoodItems(trx, [roundId]);
  const choices = await listFoodChoices(
    trx,
    items.map((item) => item.id),
  );
  const lineOf = (line: DemoLine): NewFoodOrderLine => {
    const item = items.find((each) => each.name === line.item);
    if (!item) throw new Error(`${line.item} is not on the demo's menu`);
    const picked = (line.choices ?? []).map((name) => {
      const choice = choices.find((each) => each.item_id === item.id && each.name === name);
      if (!choice) throw new Error(`${name} is not a choice of ${line.item}`);
      return choice;
    });
    return {
      itemId: item.id,
      quantity: line.quantity ?? 1,
      unitPriceCents: picked.reduce((sum, choice) => sum + choice.price_cents, item.price_cents),
      note: line.note ?? '',
      choiceIds: picked.map((choice) => choice.id).sort((a, b) => a - b),
    };
  };
  for (const [index, userId] of orderers.entries()) {
    const order = orders[index];
    if (!order) break;
    const lines = order.lines.map(lineOf);
    const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const { order: written } = await replaceFoodOrder(
      trx,
      { roundId, userId, lines, totalCents },
      placedAt(index),
    );
    if (order.isPaid) await setFoodOrderPaid(trx, written.id, true);
  }
}
