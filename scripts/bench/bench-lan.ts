import { Browser } from './browser.ts';
import { expectStatus, inTurns, type Lanner, sendJson } from './lanners.ts';
import { fresh, type Provider, type Tokens } from './sign-in.ts';

/**
 * The lan a benchmark runs on, made through the API as an organiser makes one: active,
 * starting `daysAhead` days from now for two days, room for `maximumSubcribers`.
 */
export async function createBenchLan(
  origin: string,
  organiser: Tokens,
  {
    name,
    description,
    daysAhead = 60,
    maximumSubcribers = 1000,
  }: { name: string; description: string; daysAhead?: number; maximumSubcribers?: number },
): Promise<{ id: number }> {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  const answer = expectStatus(
    await sendJson(new Browser(), 'POST', `${origin}/api/lans`, organiser, {
      name,
      description,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      isActive: true,
      maximumSubcribers,
      price: 30,
      membersPrice: 25,
    }),
    201,
    'POST /api/lans',
  );
  return JSON.parse(answer.body.toString()) as { id: number };
}

/**
 * Every lanner subscribes to the lan (16 at a time) and the organiser accepts each (8 at a
 * time): participants, as a lan's are by its first day. Answers the organiser's tokens,
 * renewed where they had to be.
 */
export async function acceptLanners(
  provider: Provider,
  organiser: Tokens,
  lanId: number,
  lanners: readonly Lanner[],
): Promise<Tokens> {
  const origin = provider.origin;
  const subscriptions = await inTurns(lanners, 16, async (lanner) => {
    lanner.tokens = await fresh(provider, lanner.tokens);
    const made = expectStatus(
      await sendJson(lanner.browser, 'POST', `${origin}/api/subscribers`, lanner.tokens, {
        lanId,
        userId: lanner.userId,
      }),
      201,
      'POST /api/subscribers',
    );
    return (JSON.parse(made.body.toString()) as { id: number }).id;
  });
  let tokens = organiser;
  await inTurns(subscriptions, 8, async (id) => {
    tokens = await fresh(provider, tokens);
    expectStatus(
      await sendJson(
        new Browser(),
        'PUT',
        `${origin}/api/subscribers/${id}/status:accepted`,
        tokens,
        {},
      ),
      200,
      'PUT /api/subscribers/{id}/status:accepted',
    );
  });
  return tokens;
}
