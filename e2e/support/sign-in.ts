import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { openContext, viewports } from './browser.ts';

/** On the identity provider's sign-in page: fills Username and Password and signs in. */
export async function signInOnPage(
  page: Page,
  username: string,
  password = username,
): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Waits until the app has started and shows a screen: before that a "Starting
 * Lanparty…" or "Signing in…" screen stands in its place.
 */
export async function waitForApp(page: Page): Promise<void> {
  // Attached, not visible: on a phone the navigation waits in the closed drawer.
  await page
    .getByRole('navigation', { name: 'Main', includeHidden: true })
    .waitFor({ state: 'attached' });
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
}

/** Reloads the page and waits for the app to show its screen again. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await waitForApp(page);
}

type SavedSession = { state: Awaited<ReturnType<BrowserContext['storageState']>>; savedAt: number };

const savedSessions = new Map<string, SavedSession>();

/**
 * How long a saved session is reused: less than the access token's five minutes. Past it,
 * a new context would renew the token with the saved refresh token, which the provider
 * rotates on use: the second context to renew with it is refused (400 at /oidc/token).
 */
const sessionReuseMs = 4 * 60_000;

/**
 * A browser context already signed in as a demo account. The first call signs in
 * through the real pages; later ones within four minutes reuse that session (cookies and
 * the app's local storage), as a returning visitor would.
 */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const key = `${baseUrl}|${account}`;
  let session = savedSessions.get(key);
  if (session && Date.now() - session.savedAt > sessionReuseMs) session = undefined;
  if (!session) {
    const context = await openContext(browser, { viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/lans/upcoming`);
    await signInOnPage(page, account);
    await page.waitForURL(`${baseUrl}/lans/upcoming`);
    await waitForApp(page);
    session = { state: await context.storageState(), savedAt: Date.now() };
    savedSessions.set(key, session);
    await context.close();
  }
  return openContext(browser, {
    viewport: viewports.desktop,
    ...options,
    storageState: session.state,
  });
}

/**
 * The access token a signed-in page's app sends, read off the Authorization header of its
 * own next API request (it reads users/me when it starts) while the page loads `url`
 * (default: reloads): what the app sends, not how its OpenID Connect library stores it.
 */
export async function bearerTokenOf(page: Page, url?: string): Promise<string> {
  const request = page.waitForRequest(
    (sent) =>
      new URL(sent.url()).pathname.startsWith('/api/') &&
      (sent.headers().authorization ?? '').startsWith('Bearer '),
  );
  await (url === undefined ? page.reload() : page.goto(url));
  return ((await request).headers().authorization ?? '').slice('Bearer '.length);
}

/** The password of the accounts tests create through the sign-up page. */
export const newAccountPassword = 'a long enough secret';

/**
 * Creates an account through the sign-up page that the sign-in form links to (the page
 * shows the sign-in form), with `username`, an address of its own and newAccountPassword.
 */
export async function createAccountOnPage(page: Page, username: string): Promise<void> {
  await page.getByRole('link', { name: /create an account/i }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Password', { exact: true }).fill(newAccountPassword);
  await page.getByLabel('Repeat password').fill(newAccountPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
}
