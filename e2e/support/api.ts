import type { Browser } from 'playwright-core';
import { siteUrl } from './provided-context.ts';
import { bearerTokenOf, signedInContext } from './sign-in.ts';

/**
 * Calls the site's API with a bearer token, as a test's setup does what a page would take
 * many clicks for. Answers the JSON body (undefined when there is none); a failed call
 * throws, naming the call and the server's answer.
 */
export async function callApi<Answer = unknown>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(siteUrl(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as Answer;
}

/** The access token of a demo account: what its signed-in app sends. */
export async function accessTokenOf(browser: Browser, account: string): Promise<string> {
  const context = await signedInContext(browser, siteUrl(), account);
  const token = await bearerTokenOf(await context.newPage(), siteUrl('/lans/upcoming'));
  await context.close();
  return token;
}

type LanFields = { name: string; description: string; startDate: string; endDate: string };

/**
 * A lan of a test's own (far ahead, after the demo's: other files look for those), made by
 * `lanadmin`, with a place of `status` for each of `accounts`. Answers its id and the
 * organiser's token.
 */
export async function lanWithPlaces(
  browser: Browser,
  lan: LanFields,
  accounts: readonly string[],
  status: 'accepted' | 'paid',
): Promise<{ lanId: number; adminToken: string }> {
  const adminToken = await accessTokenOf(browser, 'lanadmin');
  const { id: lanId } = await callApi<{ id: number }>(adminToken, 'POST', '/api/lans', {
    ...lan,
    isActive: true,
    maximumSubcribers: 10,
    price: 30,
    membersPrice: 25,
  });
  for (const account of accounts) {
    const token = await accessTokenOf(browser, account);
    const me = await callApi<{ id: number }>(token, 'GET', '/api/users/me');
    const subscription = await callApi<{ id: number }>(token, 'POST', '/api/subscribers', {
      lanId,
      userId: me.id,
    });
    await callApi(adminToken, 'PUT', `/api/subscribers/${subscription.id}/status:${status}`);
  }
  return { lanId, adminToken };
}
