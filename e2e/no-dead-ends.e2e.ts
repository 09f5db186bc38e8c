import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext, viewports } from './support/browser.ts';
import { seriousAxeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { bearerTokenOf, signedInContext, waitForApp } from './support/sign-in.ts';
import { type RunningSite, startSite } from './support/site.ts';

const session = useBrowser();

/** What a page logs while the network is cut: failed requests, and nothing else. */
const isOutageNoise = (error: string) =>
  /Failed to load resource|net::ERR_|Failed to fetch|dynamically imported module|Unable to preload CSS/.test(
    error,
  );

/** A folder to save screenshots in (for a review), if set. */
const shots = process.env.OFFLINE_SHOTS_DIR;

const offlineNotice = (page: Page) => page.getByRole('status').getByText('Offline, retrying…');

/** Whether every stylesheet the page links to has loaded (none left broken by an outage). */
const areStylesLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (link) => link.sheet !== null,
    ),
  );

/*
 * Issue 32 §1: a failure stays where it happened. With the network cut, a change on the
 * admin lan screen fails beside its row and everything else stays, typed values too; an
 * open tab says quietly that it is offline and comes back by itself; a screen that could
 * not be downloaded meanwhile is downloaded once the site answers.
 */
describe('with the network cut', () => {
  it('a failed status change on the admin lan screen says so beside its row, and keeps the screen and what was typed', async () => {
    const { page } = await session.openAs('lanadmin', '/admin/lans');
    await page
      .getByRole('link', { name: /^Full House Lan/ })
      .first()
      .click();
    const status = page.getByLabel(/^Status of /).first();
    await status.waitFor();
    const nickname = (await status.getAttribute('aria-label'))?.replace('Status of ', '') ?? '';
    const before = await status.inputValue();
    await page.getByLabel('Message', { exact: true }).fill('Bring your own chair');
    const name = page.getByLabel('Name', { exact: true });
    const lanName = await name.inputValue();
    await name.fill(`${lanName} (renamed)`);

    await page.context().setOffline(true);
    await status.selectOption(before === 'Pending' ? 'Accepted' : 'Pending');

    await page
      .getByRole('alert')
      .filter({
        hasText: `${nickname} could not be changed: The server could not be reached. Check your connection.`,
      })
      .waitFor();
    await offlineNotice(page).waitFor();
    expect(await status.inputValue()).toBe(before);
    expect(await page.getByRole('heading', { level: 1, name: lanName }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Participants', exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Messages', exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(
      'Bring your own chair',
    );
    expect(await name.inputValue()).toBe(`${lanName} (renamed)`);
    expect(await page.getByText('This lan could not be loaded.').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back online: the notice goes by itself, and the screen is as it was.
    await page.context().setOffline(false);
    await offlineNotice(page).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await status.inputValue()).toBe(before);
    expect(await name.inputValue()).toBe(`${lanName} (renamed)`);
  });

  it('a screen that could not be downloaded while offline comes by itself once back online', async () => {
    const { page, errors } = await session.openAs('member', '/lans/upcoming');
    await page.context().setOffline(true);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stats' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    await page.getByText('This part of the site could not be downloaded.').waitFor();

    await page.context().setOffline(false);
    // No click on Try again.
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Top players' }).waitFor();
    expect(await areStylesLoaded(page)).toBe(true);
    expect(errors.filter((error) => !isOutageNoise(error))).toEqual([]);
  });

  it('a screen that could not be downloaded while the site did not answer comes by itself once it answers', async () => {
    const { page, errors } = await session.openAs('member', '/lans/upcoming');
    // The site's files do not come, as while it is stopped; the browser stays online.
    let isSiteDown = true;
    await page.route('**/assets/**', (route) =>
      isSiteDown ? route.abort('connectionrefused') : route.fallback(),
    );
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Lanners' })
      .click();
    await page.getByText('This part of the site could not be downloaded.').waitFor();

    isSiteDown = false;
    await page.getByRole('heading', { level: 1, name: 'Lanners' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('This part of the site could not be downloaded.').count()).toBe(0);
    expect(await areStylesLoaded(page)).toBe(true);
    expect(errors.filter((error) => !isOutageNoise(error))).toEqual([]);
  });
});

/*
 * The server stopped and started again under a lanner's open tab: the tab keeps what it
 * shows, says it is offline, and stops saying so once the server is back, by itself.
 */
describe('with the server stopped and started again', () => {
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSite({ LANPARTY_DEMO: '1' });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
  });

  it('an open tab says it is offline while the server is down, and comes back by itself', async () => {
    const context = await signedInContext(session.browser, site.baseUrl, 'lanner', {
      viewport: viewports.phone,
    });
    const { page } = await session.newPage(context);
    await page.goto(`${site.baseUrl}/lans/upcoming`);
    await waitForApp(page);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    const headingText = await heading.textContent();
    expect(await offlineNotice(page).count()).toBe(0);

    await site.halt();
    await offlineNotice(page).waitFor({ timeout: 20_000 });
    expect(await heading.textContent()).toBe(headingText);

    await site.restart();
    await offlineNotice(page).waitFor({ state: 'detached', timeout: 60_000 });
    expect(await heading.textContent()).toBe(headingText);
  }, 120_000);

  it('the hall’s screen keeps turning, marked Reconnecting…, and a page read before reads again from the phone (issue 53)', async () => {
    const admin = await signedInContext(session.browser, site.baseUrl, 'lanadmin');
    const token = await bearerTokenOf(await admin.newPage(), `${site.baseUrl}/lans/upcoming`);
    await admin.close();
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${site.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.ok, `${method} ${path}`).toBe(true);
      return (await response.json()) as T;
    };
    const today = new Date().toISOString().slice(0, 10);
    const [lan] = (
      await api<{ items: { id: number }[] }>('GET', `/api/lans?sinceDate=${today}&limit=1`)
    ).items;
    const screenLink = await api<{ url: string }>('POST', `/api/lans/${lan?.id}/screens`, {
      name: 'Hall TV, stopped site',
      rotationSeconds: 5,
    });

    const tv = await openContext(session.browser, { viewport: { width: 1920, height: 1080 } });
    await tv.clock.install();
    const { page: screen } = await session.newPage(tv);
    await screen.goto(screenLink.url);
    const current = screen.locator('[aria-current="true"]');
    await current.waitFor();

    const phone = await signedInContext(session.browser, site.baseUrl, 'lanner', {
      viewport: viewports.phone,
      serviceWorkers: 'allow',
    });
    const { page } = await session.newPage(phone);
    await page.goto(`${site.baseUrl}/lans/upcoming`);
    await waitForApp(page);
    const heading = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    await heading.waitFor();
    const headingText = await heading.textContent();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.waitForFunction(
      async () => {
        const kept = await (await caches.open('lanparty-reads')).keys();
        const paths = kept.map((request) => new URL(request.url).pathname);
        return paths.includes('/api/lans') && paths.includes('/api/users/me');
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    );

    await site.halt();
    // The phone, reloaded with the site gone: the app and what it read, from the phone.
    await page.reload();
    await waitForApp(page);
    await page.getByText(/^Offline, retrying… As of \d\d:\d\d\.$/).waitFor({ timeout: 20_000 });
    expect(await heading.textContent()).toBe(headingText);

    // The screen: marked, and still turning.
    await screen.clock.fastForward(20_000);
    await screen.getByText('Reconnecting…').waitFor({ timeout: 20_000 });
    // Read across the hall as the rest of the screen is: 28 px at least.
    expect(
      await screen
        .getByText('Reconnecting…')
        .evaluate((mark) => Number.parseFloat(getComputedStyle(mark).fontSize)),
    ).toBeGreaterThanOrEqual(28);
    const before = await current.textContent();
    await screen.clock.fastForward(5_500);
    await expect.poll(() => current.textContent()).not.toBe(before);
    if (shots) await screen.screenshot({ path: path.join(shots, 'screen-reconnecting-1920.png') });

    await site.restart();
    await screen.clock.fastForward(5_000);
    await screen.getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText(/^Offline, retrying…/).waitFor({ state: 'detached', timeout: 60_000 });
  }, 180_000);
});

/*
 * Issue 32 §2: what does not exist says so without "Try again". (An unknown path, an
 * invalid month and the profile link follow the specification again, issue 50 §1:
 * spec-routes-and-lists.e2e.ts.)
 */
describe('every address', () => {
  it.each([['lanadmin', '/admin/lans/99999', 'Lan not found', 'Lan 99999 does not exist.']])(
    'as %s, %s says "%s" without Try again',
    async (account, path, title, sentence) => {
      const { page } = await session.openAs(account, path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('main').getByText(sentence).waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(page.url()).toBe(siteUrl(path));
    },
  );
});
