import { randomBytes } from 'node:crypto';
import { type Answer, Browser } from './browser.ts';
import { type Provider, refresh, signIn, signUp, type Tokens } from './sign-in.ts';

/**
 * Lanners made for a benchmark through the site's real pages and API: each creates an
 * account on the sign-in pages from a loopback address of their own (so the per-address
 * limit on new accounts sees separate people, as it would behind a proxy that says who is
 * who), and `memberadmin` makes each a Lanner.
 */

export type Lanner = { browser: Browser; tokens: Tokens; userId: number };

const password = 'bench-lanner-password';

/** 127.1.x.y: one loopback address per lanner. */
export function lannerAddress(index: number): string {
  return `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

export function bearer(tokens: Tokens): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' };
}

export function sendJson(
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

export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  return answer;
}

/** Runs `work` on every item, at most `parallel` at a time. */
export async function inTurns<Item, Result>(
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

/** `count` new lanners, signed in, with the Lanner role and tokens good for a while yet. */
export async function createLanners(provider: Provider, count: number): Promise<Lanner[]> {
  const origin = provider.origin;
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
  return lanners;
}
