import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { collectPageErrors, connectBrowser, viewports, watchRequests } from './browser.ts';
import { siteUrl } from './provided-context.ts';
import { signedInContext, waitForApp } from './sign-in.ts';

export type OpenedPage = {
  page: Page;
  errors: string[];
  /** Resolves once the page has loaded what it asks for (see watchRequests). */
  settled: () => Promise<void>;
};

/**
 * The run's browser for a test file (connected to the one Chromium of the whole run), and
 * the contexts its tests open, each closed after its test. Call it at the top of the file.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await connectBrowser(inject('browserEndpoint'));
  });
  // What axe found on pages closed before the test's end, reported at its end.
  const found: string[] = [];
  /** Axe reads the test's open pages as they are now; then their contexts close. */
  async function readAndClose(): Promise<void> {
    const open = contexts.splice(0);
    try {
      for (const context of open)
        for (const page of context.pages()) {
          // A page axe cannot read (crashed, timed out) is a finding too, not a throw: a
          // cleanup after closePages (deleting the test's lan) still runs.
          try {
            found.push(...(await axeAtTheEnd(page)));
          } catch (error) {
            found.push(`${page.url()}: axe could not read the page: ${String(error)}`);
          }
        }
    } finally {
      for (const context of open) await context.close();
    }
  }
  // Axe reads every page still open as the test ends, so whatever state a test reaches
  // (a dialog or form open, a running lan) is checked too, not only the pages a test asks
  // axe about (issue 51 §7). Then the test's contexts close.
  afterEach(async () => {
    await readAndClose();
    const violations = found.splice(0);
    if (violations.length > 0)
      throw new Error(`axe found, on the pages as the test left them:\n${violations.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const session = {
    /**
     * The end of the test for its pages, sooner: for a cleanup that would change them as
     * axe reads them (deleting the lan they show sends them elsewhere). What axe finds is
     * reported as the test ends, never in place of the test's own failure.
     */
    closePages: readAndClose,
    get browser(): Browser {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    /** A page of this context (closed after the test), collecting what it complains about. */
    async newPage(context: BrowserContext): Promise<OpenedPage> {
      contexts.push(context);
      const page = await context.newPage();
      const requests = watchRequests(page);
      return { page, errors: collectPageErrors(page), settled: () => requests.settled() };
    },
    /** The demo site at `path`, signed in as a demo account, once the app shows a screen. */
    async openAs(
      account: string,
      path: string,
      viewport: { width: number; height: number } = viewports.desktop,
    ): Promise<OpenedPage> {
      const opened = await session.newPage(
        await signedInContext(session.browser, siteUrl(), account, { viewport }),
      );
      await opened.page.goto(siteUrl(path));
      await waitForApp(opened.page);
      return opened;
    },
  };
  return session;
}

/**
 * Axe with every rule it has, the experimental ones too: label-content-name-mismatch (a
 * button showing "A5 Ma" named "Seat A5, taken by …") is experimental and off by default.
 */
function fullAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({
    rules: Object.fromEntries(experimentalRules.map((id) => [id, { enabled: true }])),
  });
}

/**
 * Axe's rules tagged "experimental", which it leaves out unless asked (axe-core 4.x), less
 * two that judge no page: hidden-content lists every hidden element for a person to review,
 * focus-order-semantics every focusable element without a role.
 */
const experimentalRules = [
  'css-orientation-lock',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/**
 * The axe violations of a page of the site as a test left it; nothing for a page closed,
 * blank, or navigating away as axe reads it (what it showed is gone).
 */
async function axeAtTheEnd(page: Page): Promise<string[]> {
  if (page.isClosed() || !/^https?:/.test(page.url())) return [];
  try {
    if (await isUnchangedSinceAxe(page)) return [];
    return (await axeViolations(page)).map((line) => `${new URL(page.url()).pathname}: ${line}`);
  } catch (error) {
    if (page.isClosed() || /context was destroyed|navigat/i.test(String(error))) return [];
    throw error;
  }
}

/**
 * Marks the page as axe has just read the whole of it: a flag that the page's next change
 * (in its DOM, or a navigation, which drops the flag) takes away. The check at a test's end
 * skips a page the test had axe read as it left it.
 */
async function markReadByAxe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marked = window as unknown as { readByAxe?: boolean; axeWatch?: MutationObserver };
    marked.readByAxe = true;
    marked.axeWatch?.disconnect();
    marked.axeWatch = new MutationObserver(() => {
      marked.readByAxe = false;
    });
    marked.axeWatch.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

const isUnchangedSinceAxe = (page: Page) =>
  page.evaluate(() => (window as unknown as { readByAxe?: boolean }).readByAxe === true);

/**
 * Every axe violation, whatever its impact, one line each with where it is; within `scope`
 * only, when given (a part of a page that a test walks through many states of: axe on the
 * whole of a long page each time costs seconds a state).
 */
export async function axeViolations(page: Page, scope?: Locator): Promise<string[]> {
  const marker = 'data-axe-scope';
  // Marked before it reads, so a change while it reads counts as one after.
  if (!scope) await markReadByAxe(page);
  await scope?.evaluate((element, name) => element.setAttribute(name, ''), marker);
  const results = await (scope ? fullAxe(page).include(`[${marker}]`) : fullAxe(page))
    .analyze()
    .finally(() => scope?.evaluate((element, name) => element.removeAttribute(name), marker));
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** The axe violations of serious or critical impact on the page, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await fullAxe(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}
