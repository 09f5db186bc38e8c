import path from 'node:path';
import type { ParticipantList } from '@lanparty/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, lanWithPlaces } from './support/api.ts';
import { viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
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
        const paths = kept.map((request) => new URL(request.url).pathname);
        // The lan, and who is signed in: what the app needs to start offline.
        return paths.includes(`/api/lans/${id}`) && paths.includes('/api/users/me');
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
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewports.desktop);
    await shoot(page, 'offline-lan-1280');
    await page.setViewportSize(viewports.phone);

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

  it('checks tickets in at a door that lost the network, and sends them once it is back', async () => {
    const before = Date.now();
    const { lanId, adminToken } = await lanWithPlaces(
      session.browser,
      {
        name: 'Offline door lan',
        description: 'The door when the hall’s internet fails.',
        startDate: '2097-04-04T18:00:00+02:00',
        endDate: '2097-04-06T18:00:00+02:00',
      },
      ['member', 'lanner'],
      'paid',
    );
    const participants = async () =>
      (await callApi<ParticipantList>(adminToken, 'GET', `/api/lans/${lanId}/participants`))
        .participants;
    const member = (await participants()).find((each) => each.nickname === 'member');
    const code = member?.shortCode ?? 'no code';

    const context = await signedInContext(session.browser, siteUrl(), 'lanadmin', {
      viewport: viewports.phone,
    });
    const { page } = await session.newPage(context);
    await page.goto(siteUrl(`/admin/lans/${lanId}/check-in`));
    await waitForApp(page);
    await page.getByText(/^Door list of \d\d:\d\d kept on this phone/).waitFor();

    await context.setOffline(true);
    const result = page.getByRole('region', { name: 'Result' });
    await page.getByLabel('Ticket code').fill(code);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await result.getByText('Present', { exact: true }).waitFor();
    await result.getByText(/^Offline: sent when the site answers/).waitFor();
    await page.getByText('1 scan to send').waitFor();
    await shoot(page, 'door-offline-375');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewports.desktop);
    await shoot(page, 'door-offline-1280');
    await page.setViewportSize(viewports.phone);
    // The same ticket again: the phone's list knows it is in, and sends nothing more.
    await page.getByLabel('Ticket code').fill(code);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await result.getByText('Already checked in').waitFor();
    await page.getByText('1 scan to send').waitFor();
    // A code the list does not hold: refused at once.
    await page.getByLabel('Ticket code').fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await result.getByText('Refused').waitFor();
    expect((await participants()).find((each) => each.nickname === 'member')?.present).not.toBe(
      true,
    );

    await context.setOffline(false);
    await page.getByText(/^Door list of \d\d:\d\d kept on this phone/).waitFor({ timeout: 30_000 });
    const checkedIn = (await participants()).find((each) => each.nickname === 'member');
    expect(checkedIn).toMatchObject({ present: true, checkedInBy: 'lanadmin' });
    // At the time of the scan, not of the sync.
    expect(Date.parse(checkedIn?.checkedInAt ?? '')).toBeGreaterThanOrEqual(before);
    expect((await participants()).filter((each) => each.present === true)).toHaveLength(1);
  });

  it('shows a pushed notice as a system notification that links within the site, and asks nothing on load', async () => {
    const context = await signedInContext(session.browser, siteUrl(), 'member', {
      viewport: viewports.desktop,
      serviceWorkers: 'allow',
    });
    await context.grantPermissions(['notifications'], { origin: new URL(siteUrl()).origin });
    const { page } = await session.newPage(context);
    await page.goto(siteUrl('/notices'));
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Notices', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'User' })
      .getByRole('link', { name: /^Notices/ })
      .waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    // Allowed before, not yet pushed to: the tap that would subscribe is offered, not made.
    await page
      .getByText(
        'Notifications show while the site is open in a tab. Notify me to get them when it is closed too.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Notify me' }).waitFor();
    await shoot(page, 'notices-1280');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewports.phone);
    await page.getByRole('button', { name: 'Menu' }).click();
    await shoot(page, 'notices-menu-375');
    await page.keyboard.press('Escape');
    await shoot(page, 'notices-375');
    await page.setViewportSize(viewports.desktop);

    // A push as a push service delivers it, to the worker this page registered.
    const cdp = await context.newCDPSession(page);
    // Every registration of the site the protocol knows of (another context's may be among
    // them): the push goes to each, as each browser's push service would send its own.
    const origin = new URL(siteUrl()).origin;
    const registrations = new Set<string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (update) => {
      for (const registration of update.registrations)
        if (registration.isDeleted) registrations.delete(registration.registrationId);
        else if (registration.scopeURL.startsWith(origin))
          registrations.add(registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.size).toBeGreaterThan(0);
    const data = JSON.stringify({
      id: 9901,
      text: 'Your place at Offline lan is confirmed.',
      link: '//evil.example/x',
    });
    const deliver = () =>
      Promise.all(
        [...registrations].map((registrationId) =>
          cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data }),
        ),
      );
    const readShown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
          title,
          body,
          tag,
          link: (data as { link?: string } | null)?.link,
        }));
      });
    // Delivered again while none shows (a worker still starting may miss one): the tag is
    // the notice's, so however often it comes it shows once.
    let shown: Awaited<ReturnType<typeof readShown>> = [];
    for (let tries = 0; shown.length === 0 && tries < 60; tries += 1) {
      if (tries % 20 === 0) await deliver();
      await page.waitForTimeout(250);
      shown = await readShown();
    }
    expect(shown).toEqual([
      {
        title: 'Lanparty',
        body: 'Your place at Offline lan is confirmed.',
        tag: 'notice-9901',
        link: '/notices',
      },
    ]);
    await cdp.detach();
  });
});
