import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  assertChromiumInstalled,
  chromiumPath,
  headlessChromiumArgs,
} from '../e2e/support/browser.ts';
import { signInOnPage, waitForApp } from '../e2e/support/sign-in.ts';
import { scriptMsBeforeFirstPaint } from './web-lighthouse-trace.ts';

/**
 * Running Lighthouse for `npm run bench:web`: the Chromium it drives, the signed-in visitor
 * and one run per page. What a run's figures are, the goals and the diagnostics, is
 * `web-lighthouse-figures.ts`; the script time read from the trace, `web-lighthouse-trace.ts`.
 */

/**
 * How Lighthouse runs: its mobile defaults (a Moto G Power-sized screen, simulated slow 4G
 * and a 4× slower CPU), performance and accessibility only.
 *
 * Storage: cookies and local storage (where the sign-in library keeps the session) are kept, so
 * the visitor stays signed in; Lighthouse 13 never clears those by default, and
 * `clearStorageTypes` pins that. It does empty the HTTP cache before each page
 * (`disableStorageReset` stays false for that): each page is measured as a first visit,
 * not with the scripts the sign-in (or the page before) left in the cache.
 *
 * Waiting: a signed-in page keeps its live update stream (GET /api/events) open as long as
 * it lives. Lighthouse waits for the load event, then for "network 2-quiet" (at most two
 * requests in flight: the stream is one) and for no high-priority request in flight on the
 * page, EventSource excepted, each for `networkQuietThresholdMs`, then for the CPU to be
 * quiet. The app reads the stream with fetch(), which Chromium gives High priority, so that
 * last network condition never comes: every page runs to `maxWaitForLoad` (the run warning
 * "loaded too slowly" says so). That limit is lowered from 45 s to 10 s, which makes it the
 * observation window: the pages finish loading (unthrottled; Lighthouse simulates the
 * phone from what it saw) in under a second here, and each run's diagnostics say when its
 * last request ended, so a page that needs longer shows. The quiet thresholds stay at
 * Lighthouse's 1 s defaults. Should the stream be fetched at low priority one day, runs
 * settle by themselves about 3 s after load and the 10 s is only a cap.
 */
export const waitLimitMs = 10_000;

export const lighthouseFlags: Flags = {
  output: 'json',
  logLevel: 'error',
  formFactor: 'mobile',
  onlyCategories: ['performance', 'accessibility'],
  disableStorageReset: false,
  clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  maxWaitForLoad: waitLimitMs,
  pauseAfterFcpMs: 1000,
  pauseAfterLoadMs: 1000,
  networkQuietThresholdMs: 1000,
  cpuQuietThresholdMs: 1000,
  disableFullPageScreenshot: true,
};

export type DebuggableChromium = { port: number; stop: () => Promise<void> };

/**
 * Debian's Chromium (CHROMIUM_PATH overrides), headless, with a DevTools port: Lighthouse
 * and Playwright both connect to it, so the sign-in's cookies and local storage (the
 * browser's default profile, in a fresh folder) are what Lighthouse's pages see.
 */
export async function startDebuggableChromium(): Promise<DebuggableChromium> {
  assertChromiumInstalled();
  const profileDir = mkdtempSync(path.join(tmpdir(), 'lanparty-lighthouse-'));
  let output = '';
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      ...headlessChromiumArgs,
      '--disable-extensions',
      '--disable-default-apps',
      '--no-default-browser-check',
      '--mute-audio',
      // Lighthouse's own launcher's choices: a page it loads is never throttled as hidden.
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(profileDir, { recursive: true, force: true });
  };
  // Chromium writes the port it chose to DevToolsActivePort in the profile folder.
  const portFile = path.join(profileDir, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Chromium did not open its DevTools port:\n${output}`);
}

/**
 * Signs `account` in afresh in the browser's default profile, through the real sign-in
 * pages: no cookie or stored session of the run before is left, and the new access token
 * has its full lifetime (5 minutes; the app would renew one that runs out during a run).
 * Answers the links on the upcoming lans page (a lan to measure). Playwright disconnects
 * afterwards, so it attaches to none of the pages Lighthouse opens.
 */
export async function signInAfresh(
  port: number,
  baseUrl: string,
  account: string,
): Promise<string[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(`${baseUrl}/lans/upcoming`);
    await signInOnPage(page, account);
    await page.waitForURL(`${baseUrl}/lans/upcoming`);
    await waitForApp(page);
    const links = await page
      .getByRole('main')
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    await page.close();
    return links;
  } finally {
    // Connected over CDP, this only disconnects: the browser and its default profile stay.
    await browser.close();
  }
}

/**
 * Lighthouse's errors of recording the trace, whose message asks to run it again: the page
 * did nothing wrong (seen here once in about forty runs: NO_NAVSTART). Such a run is run
 * once more; any other error, or one of these twice in a row, ends the benchmark.
 */
const traceRecordingErrors = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'TRACING_ALREADY_STARTED',
]);

/** One Lighthouse run of `url` in the Chromium behind `port`, in a new tab it closes. */
export async function runLighthouse(port: number, url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { ...lighthouseFlags, port, hostname: '127.0.0.1' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const error = lhr.runtimeError;
    if (!error) {
      scriptBeforePaint.set(lhr, scriptMsBeforeFirstPaint(lhr, result.artifacts.Trace));
      return checkedLanding(lhr, url);
    }
    if (attempt > 1 || !traceRecordingErrors.has(error.code))
      throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.info(`  Lighthouse did not record ${url} (${error.code}); running it again`);
  }
}

/** The run, if it measured the page asked for. */
function checkedLanding(lhr: Result, url: string): Result {
  // A visitor who is not signed in is sent to the sign-in form: then nothing was measured.
  const landedOn = new URL(lhr.finalDisplayedUrl);
  if (landedOn.pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: was the visitor signed in?`);
  }
  return lhr;
}

/** Each run's script time before its first paint (from its trace, which the lhr lacks). */
const scriptBeforePaint = new WeakMap<Result, number>();

/** The script time before the first paint of a run of `runLighthouse` (NaN for any other). */
export function scriptMsBeforePaintOf(lhr: Result): number {
  return scriptBeforePaint.get(lhr) ?? Number.NaN;
}
