import { Browser } from './browser.ts';
import { bearer, expectStatus, type Lanner } from './lanners.ts';
import type { Tokens } from './sign-in.ts';

/**
 * bench:food's checks (scripts/bench-food.ts): an order in the forms the rush sends and the
 * server keeps, compared as text (lines in order, prices in cents); the organiser's read-back
 * of a round; and what the run's answers and that read-back must hold: the deadline (409 at
 * or after it, accepted before), each order the last accepted body of its person, the round's
 * totals the sum of its orders, and maxPerPerson under a race. Pure but for the read-back.
 */

export type MenuItem = {
  id: number;
  price: number;
  choices: { id: number; name: string; price: number }[];
};
export type Line = { itemId: number; quantity: number; choiceIds: number[]; note: string };
export type Body = { lines: Line[] };
/** An order as the server keeps it, comparable as text: lines in order, prices in cents. */
export type Canonical = { key: string; totalCents: number; lines: CanonicalLine[] };
type CanonicalLine = { itemId: number; quantity: number; choiceIds: number[]; unitCents: number };

const cents = (euros: number) => Math.round(euros * 100);

export function canonicalOfBody(body: Body, items: ReadonlyMap<number, MenuItem>): Canonical {
  const lines = body.lines.map((line) => {
    const item = items.get(line.itemId);
    if (!item) throw new Error(`No item ${line.itemId}`);
    const choiceIds = [...line.choiceIds].sort((a, b) => a - b);
    const unitCents =
      cents(item.price) +
      choiceIds.reduce(
        (sum, id) => sum + cents(item.choices.find((choice) => choice.id === id)?.price ?? 0),
        0,
      );
    return { itemId: line.itemId, quantity: line.quantity, choiceIds, unitCents, note: line.note };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  return { key: JSON.stringify({ lines, totalCents }), totalCents, lines };
}

type StoredLine = {
  itemId: number;
  quantity: number;
  choices: { id: number }[];
  note: string;
  unitPrice: number;
  amount: number;
};
export type StoredOrder = {
  userId: number | null;
  lines: StoredLine[];
  total: number;
  paid: boolean;
};
export type RoundOrders = {
  orders: StoredOrder[];
  totals: {
    items: { itemId: number; choices: string[]; quantity: number; amount: number }[];
    amount: number;
    paid: number;
    outstanding: number;
  };
};

/** An order as the organiser reads it, in the same form; problems where its figures disagree. */
export function canonicalOfStored(order: StoredOrder, problems: string[]): Canonical {
  const lines = order.lines.map((line) => {
    const unitCents = cents(line.unitPrice);
    if (cents(line.amount) !== unitCents * line.quantity)
      problems.push(`user ${order.userId}: a line's amount is not unitPrice × quantity`);
    return {
      itemId: line.itemId,
      quantity: line.quantity,
      choiceIds: line.choices.map((choice) => choice.id),
      unitCents,
      note: line.note,
    };
  });
  const totalCents = cents(order.total);
  if (lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0) !== totalCents)
    problems.push(`user ${order.userId}: total is not the sum of its lines`);
  return { key: JSON.stringify({ lines, totalCents }), totalCents, lines };
}

/** The round's totals against the sum of these orders: problems, none when equal. */
export function checkTotals(
  round: RoundOrders,
  orders: readonly Canonical[],
  items: ReadonlyMap<number, MenuItem>,
): string[] {
  const problems: string[] = [];
  const sumCents = orders.reduce((sum, order) => sum + order.totalCents, 0);
  if (cents(round.totals.amount) !== sumCents)
    problems.push(`totals.amount ${round.totals.amount}, the orders sum to ${sumCents / 100}`);
  if (cents(round.totals.outstanding) !== sumCents || cents(round.totals.paid) !== 0)
    problems.push(`paid ${round.totals.paid} / outstanding ${round.totals.outstanding}`);
  const expected = new Map<string, { quantity: number; cents: number }>();
  for (const order of orders)
    for (const line of order.lines) {
      const key = `${line.itemId}:${line.choiceIds.join(',')}`;
      const group = expected.get(key) ?? { quantity: 0, cents: 0 };
      group.quantity += line.quantity;
      group.cents += line.unitCents * line.quantity;
      expected.set(key, group);
    }
  const told = new Map<string, { quantity: number; cents: number }>();
  for (const group of round.totals.items) {
    const item = items.get(group.itemId);
    const choiceIds = group.choices
      .map((name) => item?.choices.find((choice) => choice.name === name)?.id ?? -1)
      .sort((a, b) => a - b);
    const key = `${group.itemId}:${choiceIds.join(',')}`;
    if (told.has(key)) problems.push(`totals list ${key} twice`);
    told.set(key, { quantity: group.quantity, cents: cents(group.amount) });
  }
  for (const [key, group] of expected) {
    const was = told.get(key);
    if (!was) problems.push(`totals miss item:choices ${key} (${group.quantity} ordered)`);
    else if (was.quantity !== group.quantity || was.cents !== group.cents)
      problems.push(
        `totals of ${key}: ${was.quantity} for ${was.cents / 100}, orders ${group.quantity} for ${group.cents / 100}`,
      );
  }
  for (const key of told.keys())
    if (!expected.has(key)) problems.push(`totals hold ${key}, which no order has`);
  return problems;
}

/** One change the rush sent (a PUT or a DELETE of my-order), and its answer. */
export type Attempt = {
  person: number;
  kind: 'put' | 'delete';
  origin: string;
  /** Epoch ms, by this machine's clock (the servers'), just before the request went. */
  sentAt: number;
  answeredAt: number;
  ms: number;
  status: number;
  detail: string;
};

/** A round's orders and totals as its organiser reads them back (GET …/orders). */
export async function readOrders(
  origin: string,
  tokens: Tokens,
  roundId: number,
): Promise<RoundOrders> {
  const answer = expectStatus(
    await new Browser().get(`${origin}/api/food-rounds/${roundId}/orders`, bearer(tokens)),
    200,
    'GET /api/food-rounds/{roundId}/orders',
  );
  return JSON.parse(answer.body.toString()) as RoundOrders;
}

/**
 * The rush's answers against its deadline (by the servers' clock, this machine's): the
 * accepted writes, the changes sent at or after it (and those of them not answered 409, or
 * without “closed at”), those answered before it (and those of them refused), those sent
 * before and answered after it, and other answers no change should get.
 */
export function checkDeadline(attempts: readonly Attempt[], deadline: number) {
  const accepted = attempts.filter((each) => each.status === 200 || each.status === 204);
  const late = attempts.filter((each) => each.sentAt >= deadline);
  const lateWrong = late.filter((each) => each.status !== 409);
  const early = attempts.filter((each) => each.answeredAt < deadline);
  const earlyRefused = early.filter((each) => each.status !== 200 && each.status !== 204);
  const straddling = attempts.filter(
    (each) => each.sentAt < deadline && each.answeredAt >= deadline,
  );
  const unexpected = attempts.filter(
    (each) => ![200, 204, 409].includes(each.status) && each.status < 500 && each.status !== 0,
  );
  const closedText = late.filter(
    (each) => each.status === 409 && !/closed at \d\d:\d\d/.test(each.detail),
  );
  return { accepted, late, lateWrong, early, earlyRefused, straddling, unexpected, closedText };
}

/**
 * The rush's round read back by the organiser against each person's last accepted body
 * (null: none, or a DELETE last): problems where an order is missing, extra or other than
 * that body; and its totals against the sum of the orders read, and of the bodies.
 */
export function checkReadBack(
  stored: RoundOrders,
  lanners: readonly Lanner[],
  lastAccepted: readonly (Body | null)[],
  items: ReadonlyMap<number, MenuItem>,
) {
  const readProblems: string[] = [];
  const storedByUser = new Map<number, Canonical>();
  for (const order of stored.orders) {
    if (order.userId === null || storedByUser.has(order.userId))
      readProblems.push(`an order of user ${order.userId} unexpected or twice`);
    else storedByUser.set(order.userId, canonicalOfStored(order, readProblems));
  }
  const expectedOrders: Canonical[] = [];
  lanners.forEach((lanner, person) => {
    const body = lastAccepted[person];
    const has = storedByUser.get(lanner.userId);
    if (!body) {
      if (has)
        readProblems.push(`person ${person}: an order, though their last accepted was a DELETE`);
      return;
    }
    const expected = canonicalOfBody(body, items);
    expectedOrders.push(expected);
    if (!has) readProblems.push(`person ${person}: no order, though a PUT was their last accepted`);
    else if (has.key !== expected.key)
      readProblems.push(`person ${person}: the order read back is not their last accepted body`);
  });
  if (storedByUser.size !== stored.orders.length || stored.orders.length > lanners.length)
    readProblems.push(`${stored.orders.length} orders read back`);
  const totalsProblems = [
    ...checkTotals(stored, [...storedByUser.values()], items),
    ...checkTotals(stored, expectedOrders, items).map((each) => `(vs the bodies) ${each}`),
  ];
  return { readProblems, totalsProblems };
}

/** A person's race: the bodies within the limit, then the answers to those and to the one over. */
export type RaceOutcome = { within: Body[]; answers: { status: number; ms: number }[] };

/**
 * maxPerPerson under a race, its round read back: the first `within` PUTs of each person
 * answered 200 and the rest (over the limit) 400; each stored order exactly one of its
 * person's accepted bodies, at most `limit` items; the round's totals the sum of its orders.
 */
export function checkRace(
  raced: readonly RaceOutcome[],
  stored: RoundOrders,
  lanners: readonly Lanner[],
  items: ReadonlyMap<number, MenuItem>,
  { limit, within }: { limit: number; within: number },
) {
  const raceProblems: string[] = [];
  const withinStatuses = raced.flatMap((each) => each.answers.slice(0, within));
  const overStatuses = raced.flatMap((each) => each.answers.slice(within));
  const withinRefused = withinStatuses.filter((each) => each.status !== 200).length;
  const overAccepted = overStatuses.filter((each) => each.status !== 400).length;
  if (withinRefused > 0)
    raceProblems.push(`${withinRefused} PUTs within the limit not answered 200`);
  if (overAccepted > 0) raceProblems.push(`${overAccepted} PUTs over the limit not answered 400`);
  const raceByUser = new Map<number, Canonical>();
  for (const order of stored.orders) {
    if (order.userId === null || raceByUser.has(order.userId))
      raceProblems.push(`race: an order of user ${order.userId} unexpected or twice`);
    else raceByUser.set(order.userId, canonicalOfStored(order, raceProblems));
  }
  let overLimit = 0;
  let maxItems = 0;
  lanners.forEach((lanner, person) => {
    const has = raceByUser.get(lanner.userId);
    const outcome = raced[person];
    if (!has || !outcome) {
      raceProblems.push(`person ${person}: no order after the race`);
      return;
    }
    const count = has.lines.reduce((sum, line) => sum + line.quantity, 0);
    maxItems = Math.max(maxItems, count);
    if (count > limit) overLimit += 1;
    const bodies = outcome.within
      .filter((_, index) => outcome.answers[index]?.status === 200)
      .map((body) => canonicalOfBody(body, items).key);
    if (!bodies.includes(has.key))
      raceProblems.push(
        `person ${person}: the stored order (${count} items) is none of their accepted bodies`,
      );
  });
  if (overLimit > 0) raceProblems.push(`${overLimit} orders over the limit of ${limit}`);
  const raceTotals = checkTotals(stored, [...raceByUser.values()], items);
  return {
    raceProblems,
    raceTotals,
    within: withinStatuses.length,
    over: overStatuses.length,
    maxItems,
  };
}
