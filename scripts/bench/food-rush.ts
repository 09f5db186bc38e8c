import { type Answer, Browser } from './browser.ts';
import {
  type Attempt,
  type Body,
  canonicalOfBody,
  canonicalOfStored,
  type Line,
  type MenuItem,
  type RaceOutcome,
  type StoredOrder,
} from './food-checks.ts';
import { bearer, expectStatus, inTurns, type Lanner, lannerAddress, sendJson } from './lanners.ts';
import { fresh, type Provider, refresh, type Tokens } from './sign-in.ts';

/**
 * bench:food's load (scripts/bench-food.ts): the menu a round opens with, the people's
 * choices (seeded, the same on both engines), each person's plan for the rush's last
 * minute and the rush itself (every PUT's answer checked against the order sent), and the
 * race on maxPerPerson: everything sent through the real API, as a tab of the web app.
 */

/** The rush's window: its deadline (epoch ms), its length, its final burst, the late tries. */
export type RushTimes = {
  deadline: number;
  rushSeconds: number;
  burstSeconds: number;
  lateMs: number;
};

/** mulberry32: the same people make the same choices on both engines. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

const pizzaChoices = [
  { name: 'Large', price: 3 },
  { name: 'Extra cheese', price: 1.25 },
  { name: 'Jalapeños', price: 0.75 },
  { name: 'Gluten-free base', price: 2.1 },
];
const menu = [
  { name: 'Margherita', price: 8.5, choices: pizzaChoices },
  { name: 'Pepperoni', price: 10.95, choices: pizzaChoices },
  { name: 'Quattro formaggi', price: 11.5, choices: pizzaChoices },
  { name: 'Vegetariana', price: 9.75, choices: pizzaChoices },
  { name: 'Calzone', price: 12, choices: [{ name: 'Extra ham', price: 1.5 }] },
  { name: 'Garlic bread', price: 4.25, choices: [] },
  { name: 'Cola 0.5 l', price: 2.5, choices: [] },
  { name: 'Tiramisù', price: 5.2, choices: [] },
];
const notes = ['no onions', 'well done', 'cut in eight', 'ohne Zwiebeln', 'extra napkins ✓'];

/** 1–3 lines of other items, 1–3 of each (mostly 1), some choices, now and then a note. */
function randomBody(random: Random, items: readonly MenuItem[]): Body {
  const count = 1 + Math.floor(random() * 3);
  const chosen = [...items].sort(() => random() - 0.5).slice(0, count);
  return {
    lines: chosen.map((item) => {
      const choices = [...item.choices]
        .sort(() => random() - 0.5)
        .slice(0, Math.floor(random() * Math.min(3, item.choices.length + 1)));
      return {
        itemId: item.id,
        quantity: random() < 0.7 ? 1 : 2 + Math.floor(random() * 2),
        choiceIds: choices.map((choice) => choice.id),
        note: random() < 0.25 ? pick(random, notes) : '',
      };
    }),
  };
}

/** A body of exactly `quantity` items, on lines of its own (the race's). */
function bodyOfQuantity(random: Random, items: readonly MenuItem[], quantity: number): Body {
  const chosen = [...items].sort(() => random() - 0.5).slice(0, quantity);
  // e.g. 3 as 1 + 2 on two lines, or 1 + 1 + 1: split at random
  const lines: Line[] = [];
  let left = quantity;
  for (const item of chosen) {
    if (left === 0) break;
    const take = lines.length === chosen.length - 1 ? left : 1 + Math.floor(random() * left);
    lines.push({ itemId: item.id, quantity: take, choiceIds: [], note: `race ${quantity}` });
    left -= take;
  }
  return { lines };
}

type Action = { kind: 'put'; body: Body } | { kind: 'delete' };
type Planned = { at: number; action: Action; isLate: boolean };

/** One person's changes in the last minute: 3–5 before the deadline, maybe one just after. */
function planOf(
  random: Random,
  items: readonly MenuItem[],
  { deadline, rushSeconds, burstSeconds, lateMs }: RushTimes,
): Planned[] {
  const rushStart = deadline - rushSeconds * 1000;
  const spreadEnd = deadline - burstSeconds * 1000;
  const count = 3 + Math.floor(random() * 3);
  const times = Array.from(
    { length: count - 1 },
    () => rushStart + random() * (spreadEnd - rushStart),
  ).sort((a, b) => a - b);
  // The burst: crowding towards the deadline (a quarter of it in its last 0.3 s or so).
  times.push(deadline - 50 - (burstSeconds * 1000 - 50) * random() ** 2);
  const planned: Planned[] = times.map((at, index) => ({
    at,
    isLate: false,
    action:
      index > 0 && random() < (index === count - 1 ? 0.1 : 0.15)
        ? { kind: 'delete' }
        : { kind: 'put', body: randomBody(random, items) },
  }));
  if (random() < 0.25)
    planned.push({
      at: deadline + (random() < 0.2 ? 0 : random() * lateMs),
      isLate: true,
      action:
        random() < 0.25 ? { kind: 'delete' } : { kind: 'put', body: randomBody(random, items) },
    });
  return planned;
}

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

const detailOf = (answer: Answer) => {
  try {
    return String((JSON.parse(answer.body.toString()) as { detail?: string }).detail ?? '');
  } catch {
    return '';
  }
};

export async function openRound(
  origin: string,
  tokens: Tokens,
  lanId: number,
  round: { supplier: string; closesAt: Date; maxPerPerson: number | null },
) {
  const answer = expectStatus(
    await sendJson(new Browser(), 'POST', `${origin}/api/lans/${lanId}/food-rounds`, tokens, {
      supplier: round.supplier,
      closesAt: round.closesAt.toISOString(),
      items: menu,
      maxPerPerson: round.maxPerPerson,
    }),
    201,
    'POST /api/lans/{id}/food-rounds',
  );
  const made = JSON.parse(answer.body.toString()) as { id: number; items: MenuItem[] };
  return {
    id: made.id,
    items: made.items,
    byId: new Map(made.items.map((item) => [item.id, item])),
  };
}

/** Every lanner's tokens renewed now (they last 5 minutes): good for the rush and the race. */
export async function renewAll(provider: Provider, lanners: readonly Lanner[], marginMs: number) {
  await inTurns(lanners, 16, async (lanner) => {
    lanner.tokens =
      marginMs === Number.POSITIVE_INFINITY
        ? await refresh(provider, lanner.tokens)
        : await fresh(provider, lanner.tokens, marginMs);
  });
}

/**
 * The rush: each person's plan, every change in turn at its time on a tab of their own, the
 * servers taken in turn; what each change was answered, each person's last accepted body.
 */
export async function rush(
  lanners: readonly Lanner[],
  origins: readonly string[],
  round: Awaited<ReturnType<typeof openRound>>,
  times: RushTimes,
  seed: number,
) {
  const attempts: Attempt[] = [];
  /** Each person's last accepted body; null: none, or a DELETE last. */
  const lastAccepted: (Body | null)[] = lanners.map(() => null);
  const answerMismatches: string[] = [];
  await Promise.all(
    lanners.map(async (lanner, person) => {
      const random = randomFrom(seed * 1_000_003 + person);
      const plan = planOf(random, round.items, times);
      // A tab of the web app: one kept connection to each server, from the person's address.
      const tab = new Browser({ localAddress: lannerAddress(person), keepAlive: true });
      let hasOrder = false;
      try {
        for (const [step, planned] of plan.entries()) {
          await sleepUntil(planned.at);
          // A DELETE with nothing ordered would be a 404: a person withdraws what they have.
          const action: Action =
            planned.action.kind === 'delete' && !hasOrder && !planned.isLate
              ? { kind: 'put', body: randomBody(random, round.items) }
              : planned.action;
          const origin = origins[(person + step) % origins.length] as string;
          const url = `${origin}/api/food-rounds/${round.id}/my-order`;
          const sentAt = Date.now();
          const started = performance.now();
          let answer: Answer | undefined;
          try {
            answer =
              action.kind === 'put'
                ? await sendJson(tab, 'PUT', url, lanner.tokens, action.body)
                : await tab.request(url, { method: 'DELETE', headers: bearer(lanner.tokens) });
          } catch (error) {
            attempts.push({
              person,
              kind: action.kind,
              origin,
              sentAt,
              answeredAt: Date.now(),
              ms: performance.now() - started,
              status: 0,
              detail: String(error),
            });
            continue;
          }
          const ms = performance.now() - started;
          attempts.push({
            person,
            kind: action.kind,
            origin,
            sentAt,
            answeredAt: Date.now(),
            ms,
            status: answer.status,
            detail: answer.status === 200 || answer.status === 204 ? '' : detailOf(answer),
          });
          if (action.kind === 'put' && answer.status === 200) {
            hasOrder = true;
            lastAccepted[person] = action.body;
            const told = canonicalOfStored(
              {
                ...(JSON.parse(answer.body.toString()) as Omit<StoredOrder, 'userId'>),
                userId: lanner.userId,
              },
              answerMismatches,
            );
            if (told.key !== canonicalOfBody(action.body, round.byId).key)
              answerMismatches.push(`person ${person}: the PUT's answer is not the order sent`);
          }
          if (action.kind === 'delete' && answer.status === 204) {
            hasOrder = false;
            lastAccepted[person] = null;
          }
        }
      } finally {
        tab.close();
      }
    }),
  );
  return { attempts, lastAccepted, answerMismatches };
}

/**
 * The race on a round with maxPerPerson `limit`: each person fires `within` PUTs within the
 * limit and one over it at once, after half of them ordered one item first.
 */
export async function race(
  lanners: readonly Lanner[],
  origins: readonly string[],
  round: Awaited<ReturnType<typeof openRound>>,
  seed: number,
  { limit, within: withinCount }: { limit: number; within: number },
): Promise<RaceOutcome[]> {
  // Half the people have an order already: the race replaces it; the others' race creates one.
  await inTurns(lanners, 16, async (lanner, person) => {
    if (person % 2 === 1) return;
    expectStatus(
      await sendJson(
        lanner.browser,
        'PUT',
        `${origins[person % origins.length]}/api/food-rounds/${round.id}/my-order`,
        lanner.tokens,
        { lines: [{ itemId: round.items[0]?.id, quantity: 1 }] },
      ),
      200,
      'PUT my-order (before the race)',
    );
  });
  const outcomes = await inTurns(lanners, 12, async (lanner, person) => {
    const random = randomFrom(seed * 7_919 + person);
    const within = Array.from({ length: withinCount }, () =>
      bodyOfQuantity(random, round.items, random() < 0.5 ? 2 : limit),
    );
    const over = bodyOfQuantity(random, round.items, limit + 1);
    const bodies = [...within, over];
    // All at once, each on a connection of its own, alternating between the servers.
    const answers = await Promise.all(
      bodies.map(async (body, index) => {
        const started = performance.now();
        const origin = origins[(person + index) % origins.length] as string;
        try {
          const answer = await sendJson(
            lanner.browser,
            'PUT',
            `${origin}/api/food-rounds/${round.id}/my-order`,
            lanner.tokens,
            body,
          );
          return { status: answer.status, ms: performance.now() - started };
        } catch {
          return { status: 0, ms: performance.now() - started };
        }
      }),
    );
    return { within, answers };
  });
  return outcomes;
}
