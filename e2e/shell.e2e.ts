import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, connectBrowser, viewports } from './support/browser.ts';
import { seriousAxeViolations } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { reloadApp, signedInContext, waitForApp } from './support/sign-in.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

/** The title is set once the page has rendered, so wait for it rather than read it once. */
async function expectTitle(title: string) {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5000 });
}

/** Opens a page as the demo `visitor`: signed in, no roles (login is required on load). */
async function open(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
  account = 'visitor',
) {
  context = await signedInContext(browser, siteUrl(), account, { viewport });
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
  await page.goto(siteUrl(path));
  await waitForApp(page);
}

beforeAll(async () => {
  browser = await connectBrowser(inject('browserEndpoint'));
});

afterEach(async () => {
  // Every page must run under the CSP without a complaint or an uncaught error.
  expect(pageErrors).toEqual([]);
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
});

describe('the site shell', () => {
  it('sends a visitor from the root to the upcoming lans', async () => {
    await open('/');
    expect(new URL(page.url()).pathname).toBe('/lans/upcoming');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Upcoming lans',
    );
    await expectTitle('Upcoming lans – Lanparty');
  });

  it('navigates with the main navigation and titles every page detail first', async () => {
    await open('/lans/upcoming');
    const mainNavigation = page.getByRole('navigation', { name: 'Main' });
    await mainNavigation.getByRole('link', { name: 'Lanners' }).click();
    await page.waitForURL('**/lanners');
    await expectTitle('Lanners – Lanparty');
    await mainNavigation.getByRole('link', { name: 'Clans' }).click();
    await page.waitForURL('**/clans');
    await expectTitle('Clans – Lanparty');
    // Exact: "Clans" has "Lans" in it.
    await mainNavigation.getByRole('link', { name: 'Lans', exact: true }).click();
    await page.waitForURL('**/lans/upcoming');
    // A visitor without roles sees neither Stats nor Admin.
    await expect(mainNavigation.getByRole('link', { name: 'Stats' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
  });

  it('links the logo home', async () => {
    await open('/changelog');
    await page.getByRole('link', { name: 'Lanparty', exact: true }).click();
    await page.waitForURL('**/lans/upcoming');
  });

  it('shows the version in the footer, linking to the changelog, without build details in production', async () => {
    await open('/lans/upcoming');
    const footer = page.getByRole('contentinfo');
    const versionLink = footer.getByRole('link', { name: 'Version 2025.1.1' });
    const footerText = await footer.textContent();
    expect(footerText).not.toMatch(/branch|commit/i);
    await versionLink.click();
    await page.waitForURL('**/changelog');
    await expectTitle('Changelog – Lanparty');
  });

  it('lists every release from 2023.1.0 to 2025.1.1 with its changes', async () => {
    await open('/changelog');
    const versions = await page.getByRole('heading', { level: 2 }).allTextContents();
    const versionNumbers = versions.map((text) => text.match(/\d{4}\.\d+\.\d+/)?.[0]);
    expect(versionNumbers[0]).toBe('2025.1.1');
    expect(versionNumbers.at(-1)).toBe('2023.1.0');
    expect(await page.getByRole('listitem').count()).toBeGreaterThan(versions.length);
  });

  it('shows the unauthorized page with a heading and one image', async () => {
    await open('/unauthorized');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Unauthorized',
    );
    const images = page.getByRole('main').getByRole('img');
    expect(await images.count()).toBe(1);
    const source = await images.first().getAttribute('src');
    expect(source).toMatch(/unauthorized-/);
    const response = await page.request.get(siteUrl(source ?? ''));
    expect(response.status()).toBe(200);
  });

  it('loads the stats section on demand for a lanner', async () => {
    await open('/stats', viewports.desktop, 'lanner');
    expect(new URL(page.url()).pathname).toBe('/stats/leader-board');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stats' })
      .waitFor();
  });

  it('sends someone without the role from the stats to the unauthorized page', async () => {
    await open('/stats/leader-board');
    await page.waitForURL('**/unauthorized');
  });

  it('serves a client route directly on reload', async () => {
    await open('/lans/archive');
    await reloadApp(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Lan archive',
    );
  });
});

describe('the menu on a phone', () => {
  it('collapses the navigation into a drawer that closes on navigation', async () => {
    await open('/lans/upcoming', viewports.phone);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('link', { name: 'Lanners' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('link', { name: 'Lanners' }).click();
    await page.waitForURL('**/lanners');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('closes the drawer with Escape', async () => {
    await open('/lans/upcoming', viewports.phone);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('fits a phone without horizontal scrolling', async () => {
    await open('/changelog', viewports.phone);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('keyboard use', () => {
  it('offers a skip link first that moves focus to the content', async () => {
    await open('/lans/upcoming');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focused).toBe('Skip to content');
    await page.keyboard.press('Enter');
    const target = await page.evaluate(() => document.activeElement?.closest('main') !== null);
    expect(target).toBe(true);
  });
});

describe('accessibility', () => {
  const pages = ['/lans/upcoming', '/changelog', '/unauthorized', '/lanners'];
  for (const viewportName of ['phone', 'desktop'] as const) {
    for (const path of pages) {
      it(`has no serious or critical axe violation on ${path} (${viewportName})`, async () => {
        await open(path, viewports[viewportName]);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  }
});

describe('images sized for the screen', () => {
  /** Opens a page as the demo `member` on a phone, noting every request and every 404. */
  async function openOnPhone(path: string) {
    context = await signedInContext(browser, siteUrl(), 'member', { viewport: viewports.phone });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
    const requests: string[] = [];
    const notFound: string[] = [];
    page.on('request', (request) =>
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`),
    );
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await page.goto(siteUrl(path));
    await waitForApp(page);
    return { requests, notFound };
  }

  it('shows the lanners without asking for an avatar first: no HEAD, no 404', async () => {
    const { requests, notFound } = await openOnPhone('/lanners');
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('load');
    expect(requests.filter((request) => request.startsWith('HEAD '))).toEqual([]);
    expect(requests.filter((request) => request.includes('/api/assets/'))).toEqual([]);
    expect(notFound).toEqual([]);
    // The demo's lanners have no avatar: each is drawn from the nickname, with no request,
    // its letter on the page, not a text to read out (the nickname is beside it).
    const first = page.getByRole('article').first();
    const drawn = first.getByTestId('generated-avatar');
    await expect(drawn.getAttribute('aria-hidden')).resolves.toBe('true');
    const letter = await drawn.evaluate((avatar) => getComputedStyle(avatar, '::after').content);
    const nickname = (await first.getAttribute('aria-label')) ?? '';
    expect(letter).toBe(`"${[...nickname.trim()][0]?.toUpperCase()}"`);
  });

  it('fetches the featured banner at a phone’s width, in AVIF, kept for a year', async () => {
    const { requests, notFound } = await openOnPhone('/lans/upcoming');
    const banner = page.getByRole('article').first().locator('img').first();
    await banner.waitFor();
    const source = await banner.evaluate(async (image: HTMLImageElement) => {
      await image.decode().catch(() => undefined);
      return image.currentSrc;
    });
    expect(requests.filter((request) => request.startsWith('HEAD '))).toEqual([]);
    expect(notFound).toEqual([]);
    // The demo's next lan may have no banner: then the placeholder, and nothing to fetch.
    if (!source.includes('/api/assets/')) return;
    // 375 px less the gutters is 343 px: the 400 px copy.
    expect(source).toMatch(/\/api\/assets\/lan-\d+\?v=[\w-]+&w=400$/);
    const response = await context.request.get(source, { headers: { accept: 'image/avif' } });
    expect(response.headers()['content-type']).toBe('image/avif');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the header slider', () => {
  async function runningAnimations(reducedMotion: 'reduce' | 'no-preference') {
    context = await signedInContext(browser, siteUrl(), 'visitor', { reducedMotion });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
    await page.goto(siteUrl('/lans/upcoming'));
    await waitForApp(page);
    return page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => {
          const timing = animation.effect?.getTiming();
          return { duration: timing?.duration, delay: timing?.delay };
        }),
    );
  }

  it('cycles three images in 24 s, each 8 s after the one before, the first in full at once', async () => {
    const animations = await runningAnimations('no-preference');
    expect(animations).toEqual(
      expect.arrayContaining([
        { duration: 24_000, delay: -1_000 },
        { duration: 24_000, delay: 7_000 },
        { duration: 24_000, delay: 15_000 },
      ]),
    );
  });

  it('stands still for a visitor who prefers reduced motion', async () => {
    expect(await runningAnimations('reduce')).toEqual([]);
  });
});
