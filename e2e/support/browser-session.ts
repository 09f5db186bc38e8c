import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { collectPageErrors, launchBrowser, viewports, watchRequests } from './browser.ts';
import { siteUrl } from './provided-context.ts';
import { signedInContext, waitForApp } from './sign-in.ts';

export type OpenedPage = {
  page: Page;
  errors: string[];
  /** Resolves once the page has loaded what it asks for (see watchRequests). */
  settled: () => Promise<void>;
};

/**
 * One browser for a test file, and the contexts its tests open, each closed after its
 * test. Call it at the top of the file.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const session = {
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

/** Every axe violation, whatever its impact, one line each with where it is. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
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
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}
