import { randomBytes } from 'node:crypto';
import { type Answer, Browser } from './browser.ts';
import { percentile } from './report.ts';
import { type Provider, refresh, signIn, signUp, type Tokens } from './sign-in.ts';

/**
 * Many lanners subscribing to one lan at once, against the running server, everything
 * through its real API: `lanadmin` opens a lan with room for all of them, each lanner
 * creates an account on the sign-in pages (from a loopback address of their own, so the
 * per-address limit on new accounts sees separate people, as it would behind a proxy that
 * says who is who), `memberadmin` makes each a Lanner, and then all of them POST
 * /api/subscribers together. Every request must be answered; the statuses and the
 * latencies of that burst are what it reports.
 */
export type SubscribeOutcome = {
  lanners: number;
  statusCounts: Record<string, number>;
  p50: number;
  p99: number;
  maxMs: number;
  /** How long preparing the lanners took (accounts, roles), not part of the burst. */
  preparedInMs: number;
};

type Lanner = { browser: Browser; tokens: Tokens; userId: number };

const password = 'bench-lanner-password';

/** 127.1.x.y: one loopback address per lanner. */
export function lannerAddress(index: number): string {
  return `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

function bearer(tokens: Tokens): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' };
}

function sendJson(
  browser: Browser,
  method: string,
  url: string,
  tokens: Tokens,
  body: unknown,
): Promise<Answer> {
  return browser.request(url, {
    method,
    headers: { ...bearer(tokens), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  return answer;
}

/** Runs `work` on every item, at most `parallel` at a time. */
async function inTurns<Item, Result>(
  items: readonly Item[],
  parallel: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as Item, index);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

export async function subscribeAtOnce(
  provider: Provider,
  count: number,
): Promise<SubscribeOutcome> {
  const origin = provider.origin;
  const prepared = performance.now();
  const organiser = await signIn(provider, 'lanadmin', 'lanadmin');
  const start = new Date(Date.now() + 60 * 86_400_000);
  const lan = JSON.parse(
    expectStatus(
      await sendJson(new Browser(), 'POST', `${origin}/api/lans`, organiser, {
        name: 'Benchmark Lan',
        description: 'Everyone at once.',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
        isActive: true,
        maximumSubcribers: 1000,
        price: 30,
        membersPrice: 25,
      }),
      201,
      'POST /api/lans',
    ).body.toString(),
  ) as { id: number };

  const run = randomBytes(3).toString('hex');
  // Signing up hashes a password (scrypt, about 50 ms): a few at a time.
  const lanners = await inTurns(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index): Promise<Lanner> => {
      const browser = new Browser({ localAddress: lannerAddress(index) });
      const tokens = await signUp(
        provider,
        {
          username: `bench${run}-${index}`,
          email: `bench-${run}-${index}@bench.lanparty.invalid`,
          password,
        },
        browser,
      );
      const me = expectStatus(
        await browser.get(`${origin}/api/users/me`, bearer(tokens)),
        200,
        'GET /api/users/me',
      );
      return { browser, tokens, userId: (JSON.parse(me.body.toString()) as { id: number }).id };
    },
  );
  const memberAdministrator = await signIn(provider, 'memberadmin', 'memberadmin');
  await inTurns(lanners, 8, async (lanner) =>
    expectStatus(
      await sendJson(
        new Browser(),
        'PUT',
        `${origin}/api/users/${lanner.userId}`,
        memberAdministrator,
        { roles: ['Lanner'] },
      ),
      200,
      'PUT /api/users/{id}',
    ),
  );
  // Tokens last five minutes: renew those that would run out during the burst.
  for (const lanner of lanners)
    if (lanner.tokens.expiresAt - Date.now() < 60_000)
      lanner.tokens = await refresh(provider, lanner.tokens);
  const preparedInMs = performance.now() - prepared;

  const timings: number[] = [];
  const statuses = await Promise.all(
    lanners.map(async (lanner) => {
      const started = performance.now();
      try {
        const answer = await sendJson(
          lanner.browser,
          'POST',
          `${origin}/api/subscribers`,
          lanner.tokens,
          { lanId: lan.id, userId: lanner.userId },
        );
        return String(answer.status);
      } catch (error) {
        return `failed (${error instanceof Error ? error.message : String(error)})`;
      } finally {
        timings.push(performance.now() - started);
      }
    }),
  );
  const statusCounts: Record<string, number> = {};
  for (const status of statuses) statusCounts[status] = (statusCounts[status] ?? 0) + 1;
  return {
    lanners: count,
    statusCounts,
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    maxMs: Math.max(...timings),
    preparedInMs,
  };
}
