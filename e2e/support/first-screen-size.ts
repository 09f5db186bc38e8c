import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { openContext, watchRequests } from './browser.ts';
import { signedInContext } from './sign-in.ts';

export const firstScreenPath = '/lans/upcoming';
/**
 * Issue 14's budget for a first screen, signed in and up to the sign-in form: 110 KB
 * (decimal kilobytes) of gzipped JS and CSS.
 */
export const firstScreenBudgetBytes = 110_000;

/** The size a file is counted at: gzip at level 9, whatever the server sends. */
export const gzipSize = (body: Uint8Array): number => gzipSync(body, { level: 9 }).length;

export type LoadedFile = {
  url: string;
  kind: 'script' | 'stylesheet';
  bytes: number;
  gzipBytes: number;
};

/**
 * Loads the first screen in Chromium and totals the gzipped size of every script and
 * stylesheet it fetched, lazy route chunks included: as a signed-in visitor would (by
 * default), or as a visitor who is not signed in, up to the sign-in form they are sent to.
 */
export async function measureFirstScreen(
  browser: Browser,
  baseUrl: string,
  { upToSignIn = false }: { upToSignIn?: boolean } = {},
): Promise<LoadedFile[]> {
  // Login is required on load: measure what a signed-in visitor's first screen loads, in
  // a fresh context so nothing comes from the cache of the sign-in.
  const context = upToSignIn
    ? await openContext(browser)
    : await signedInContext(browser, baseUrl, 'visitor');
  const page = await context.newPage();
  // Read again after the page settles, not from the page's responses: a visitor who is not
  // signed in leaves for the sign-in form, and a response's body is gone once its page is.
  const loaded = new Map<string, LoadedFile['kind']>();
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind === 'script' || kind === 'stylesheet') loaded.set(response.url(), kind);
  });
  const requests = watchRequests(page);
  await page.goto(`${baseUrl}${firstScreenPath}`);
  if (upToSignIn) await page.getByLabel('Username').waitFor();
  await requests.settled();
  const files = await Promise.all(
    [...loaded].map(async ([url, kind]) => {
      const body = await (await context.request.get(url)).body();
      return { url: new URL(url).pathname, kind, bytes: body.length, gzipBytes: gzipSize(body) };
    }),
  );
  await context.close();
  return files;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
