import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { watchRequests } from './browser.ts';
import { signedInContext } from './sign-in.ts';

export const firstScreenPath = '/lans/upcoming';
/** The budget: 135 KB (decimal kilobytes) of gzipped JavaScript and CSS. */
export const firstScreenBudgetBytes = 135_000;
/**
 * Issue 14's goal for the first screen of every page: 110 KB. Reported beside the budget;
 * the budget above stays the failing check until the bundle is cut to the goal.
 */
export const firstScreenGoalBytes = 110_000;

/** The size a file is counted at: gzip at level 9, whatever the server sends. */
export const gzipSize = (body: Uint8Array): number => gzipSync(body, { level: 9 }).length;

export type LoadedFile = {
  url: string;
  kind: 'script' | 'stylesheet';
  bytes: number;
  gzipBytes: number;
};

/**
 * Loads the first screen in Chromium the way a signed-in visitor does and totals the gzipped
 * size of every script and stylesheet it fetched, lazy route chunks included.
 */
export async function measureFirstScreen(browser: Browser, baseUrl: string): Promise<LoadedFile[]> {
  // Login is required on load: measure what a signed-in visitor's first screen loads, in
  // a fresh context so nothing comes from the cache of the sign-in.
  const context = await signedInContext(browser, baseUrl, 'visitor');
  const page = await context.newPage();
  const pending: Promise<LoadedFile | undefined>[] = [];
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          kind,
          bytes: body.length,
          gzipBytes: gzipSize(body),
        }),
        () => undefined,
      ),
    );
  });
  const requests = watchRequests(page);
  await page.goto(`${baseUrl}${firstScreenPath}`);
  await requests.settled();
  const files = (await Promise.all(pending)).filter(
    (file): file is LoadedFile => file !== undefined,
  );
  await page.close();
  return files;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
