import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lanWithPlaces } from './support/api.ts';
import { viewports } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { signedInContext, waitForApp } from './support/sign-in.ts';

const session = useBrowser();
/** A folder to save screenshots of the pages offline in (for a review), if set. */
const shots = process.env.OFFLINE_SHOTS_DIR;
const shoot = (page: Page, name: string) =>
  shots ? page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true }) : undefined;

/*
 * The lan when the hall's internet fails (issue 53), in Chromium with its service worker:
 * what a lanner opened once reads again with the network cut (Playwright's setOffline),
 * saying it is offline and as of when; what was never opened says so at once.
 */
describe('the site offline', () => {
  it('keeps a lanner’s ticket readable offline after a visit, and says what it never read', async () => {
    const { lanId } = await lanWithPlaces(
      session.browser,
      {
        name: 'Offline lan',
        description: 'The hall’s internet fails.',
        startDate: '2097-03-07T18:00:00+01:00',
        endDate: '2097-03-09T18:00:00+01:00',
      },
      ['member'],
      'paid',
    );
    const context = await signedInContext(session.browser, siteUrl(), 'member', {
      viewport: viewports.phone,
      serviceWorkers: 'allow',
    });
    const { page } = await session.newPage(context);
    await page.goto(siteUrl(`/lans/${lanId}`));
    await waitForApp(page);
    const ticket = page.getByRole('region', { name: 'Your ticket' });
    await ticket.getByRole('img', { name: 'QR code of your ticket' }).locator('svg').waitFor();
    // The service worker takes the page once it has shown, and the page reads again through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.waitForFunction(
      async (id) => {
        const kept = await (await caches.open('lanparty-reads')).keys();
        return kept.some((request) => new URL(request.url).pathname === `/api/lans/${id}`);
      },
      lanId,
      { timeout: 30_000, polling: 250 },
    );
    const shortCode = await ticket.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent();

    await context.setOffline(true);
    await page.reload();
    await waitForApp(page);
    await ticket.getByRole('img', { name: 'QR code of your ticket' }).locator('svg').waitFor();
    expect(await ticket.getByText(shortCode ?? 'no short code').count()).toBe(1);
    await page.getByText(/^Offline, retrying… As of \d\d:\d\d\.$/).waitFor();
    await shoot(page, 'offline-lan-375');

    // A page never opened on this device: said at once, no spinner forever.
    await page.goto(siteUrl('/lanners'));
    await page
      .getByRole('main')
      .getByText('You are offline, and this was not opened on this device before.')
      .first()
      .waitFor();
    await shoot(page, 'offline-lanners-375');
    await context.setOffline(false);
  });
});
