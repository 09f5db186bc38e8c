import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
} from 'playwright-core';

/** Debian's Chromium (never a downloaded one); CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Throws, saying how to install it, when Chromium is not at chromiumPath. */
export function assertChromiumInstalled(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
}

/**
 * How the tests and the benchmarks run Chromium: headless, unsandboxed (as root in a
 * container), and fetching nothing of its own in the background while a page is measured.
 */
export const headlessChromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Chromium; `extraArgs` for a test that needs more of it (a fake camera, say). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...headlessChromiumArgs, ...extraArgs],
  });
}

/**
 * One Chromium for a whole end-to-end run (the global setup starts it): a test file
 * connects to it and opens contexts of its own, instead of starting a browser per file.
 */
export async function launchSharedBrowser(): Promise<{
  wsEndpoint: string;
  close: () => Promise<void>;
}> {
  assertChromiumInstalled();
  const server = await chromium.launchServer({
    executablePath: chromiumPath,
    args: [...headlessChromiumArgs],
  });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

/** The run's shared Chromium at `wsEndpoint`, or a browser of its own without one. */
export function connectBrowser(wsEndpoint: string | undefined): Promise<Browser> {
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchBrowser();
}

/**
 * A context of the run's browser as the tests open them: the pages ask for reduced motion
 * unless a test says otherwise. The site's animations (a lan banner's snowflakes, the
 * header's slides) kept an idle page at a third of a core in software rendering, and the
 * run has pages open all the time; the tests of the animations ask for them
 * (shell.e2e.ts).
 */
export function openContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  // No service worker unless a test asks for one (offline.e2e.ts): it would precache the
  // whole app in every context, and answer requests a test routes (page.route) itself.
  return browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
}

export const viewports = {
  phone: { width: 375, height: 800 },
  desktop: { width: 1280, height: 800 },
} as const;

const expectedNotFound = /\/api\/users\/email-addresses\/|\/api\/lans\/\d+\/seating$/;

/**
 * Collects what the page complains about: console errors (a CSP refusal shows up
 * there) and uncaught exceptions. A test asserts the list is empty.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 404 it fetches, including the answers the app expects: an
    // e-mail address nobody uses, the seat plan of a lan without one (its page then shows
    // none). (Avatars and banners are asked for only when the user or the lan says there
    // is one, so a 404 of an image is a fault.)
    const isExpectedNotFound =
      message.text().includes('status of 404') && expectedNotFound.test(message.location().url);
    if (!isExpectedNotFound) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The live update stream stays open as long as the page does: it is never "pending". */
// The live update stream: a signed-in page's, or a lan screen's (issue 35).
const isLongLived = (url: string) =>
  /^\/api\/(events|screens\/[^/]+\/events)$/.test(new URL(url).pathname);

/**
 * Watches a page's requests from now on, so a test can wait until it has finished loading
 * (`settled`): nothing in flight for `quietMs`, the live update stream aside. Playwright's
 * own 'networkidle' never comes on a signed-in page, since that stream is always open.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const start = (request: { url: () => string }) => {
    if (isLongLived(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled({ quietMs = 500, timeoutMs = 15_000 } = {}): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          throw new Error(`the page still loads after ${timeoutMs} ms (${inFlight.size} requests)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * The bytes of a download. The run's browser is connected to (launchSharedBrowser), where
 * Playwright keeps no local path: the file is saved to a folder of our own first.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lanparty-download-'));
  try {
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
