import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { lanWithPlaces } from './support/api.ts';
import { collectPageErrors, launchBrowser, openContext, viewports } from './support/browser.ts';
import { seriousAxeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { bearerTokenOf, signedInContext, signInOnPage, waitForApp } from './support/sign-in.ts';
import { startSite } from './support/site.ts';

const session = useBrowser();
/** A folder to save screenshots of the door in while the test runs (for a review), if set. */
const shots = process.env.DOOR_SHOTS_DIR;

/*
 * The door of issue 32 in Chromium: a queue scanned with the camera left on (a fake
 * camera showing two real tickets' QR codes one after the other, as Chromium's
 * --use-file-for-fake-video-capture plays a Y4M file), a ticket shown again, and a site
 * opened over plain http, where a browser lends no camera at all.
 */

/** A lan far ahead (after the demo's: other files look for those) with member and lanner Paid. */
async function lanWithTwoPaidLanners(browser: Browser, name: string): Promise<number> {
  const { lanId } = await lanWithPlaces(
    browser,
    {
      name,
      description: 'The door of issue 32.',
      startDate: '2098-05-07T18:00:00+02:00',
      endDate: '2098-05-09T18:00:00+02:00',
    },
    ['member', 'lanner'],
    'paid',
  );
  return lanId;
}

/** The QR code of an account's ticket, as its lan page draws it, in grey levels. */
async function ticketQrPixels(account: string, lanId: number, size: number): Promise<Uint8Array> {
  const { page } = await session.openAs(account, `/lans/${lanId}`);
  const qr = page
    .getByRole('region', { name: 'Your ticket' })
    .getByRole('img', { name: 'QR code of your ticket' });
  await qr.locator('svg').waitFor();
  const png = (await qr.screenshot()).toString('base64');
  const grey = await page.evaluate(
    async ({ png, size }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size, size);
      // The code in the middle, with white around it as a printed ticket has.
      context.drawImage(image, size * 0.15, size * 0.15, size * 0.7, size * 0.7);
      const { data } = context.getImageData(0, 0, size, size);
      return Array.from({ length: size * size }, (_, index) => data[index * 4] as number);
    },
    { png, size },
  );
  return Uint8Array.from(grey);
}

/**
 * A Y4M video at 10 frames a second: each picture for `seconds`, then a blank wall for
 * `gapSeconds`; Chromium's fake camera plays it over and over.
 */
function writeY4m(file: string, size: number, pictures: Uint8Array[], seconds: number) {
  const gapSeconds = 1.5;
  const chroma = new Uint8Array((size / 2) * (size / 2) * 2).fill(128);
  const blank = new Uint8Array(size * size).fill(235);
  const frames: Uint8Array[] = [];
  const frameHeader = Buffer.from('FRAME\n');
  const add = (luma: Uint8Array, count: number) => {
    for (let index = 0; index < count; index += 1) frames.push(frameHeader, luma, chroma);
  };
  for (const picture of pictures) {
    add(picture, seconds * 10);
    add(blank, gapSeconds * 10);
  }
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...frames]));
}

const folder = mkdtempSync(path.join(tmpdir(), 'lanparty-door-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The door of a lan in a browser of its own (closed with it), and what the page complains of. */
async function openDoor(browser: Browser, lanId: number, width: number) {
  const context = await signedInContext(browser, siteUrl(), 'lanadmin', {
    viewport: width === 375 ? viewports.phone : viewports.desktop,
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(siteUrl(`/admin/lans/${lanId}/check-in`));
  await waitForApp(page);
  return { page, errors };
}

describe('the door', () => {
  it('scans a queue with the camera left on, and says when a ticket comes again', async () => {
    const lanId = await lanWithTwoPaidLanners(session.browser, `Door queue lan ${Date.now()}`);
    const size = 480;
    const member = await ticketQrPixels('member', lanId, size);
    const lanner = await ticketQrPixels('lanner', lanId, size);
    if (shots) {
      for (const [width, viewport] of [
        [375, viewports.phone],
        [1280, viewports.desktop],
      ] as const) {
        const { page } = await session.openAs('member', `/lans/${lanId}`, viewport);
        const ticket = page.getByRole('region', { name: 'Your ticket' });
        await ticket.getByRole('img', { name: 'QR code of your ticket' }).locator('svg').waitFor();
        await ticket.screenshot({ path: path.join(shots, `door-ticket-${width}.png`) });
      }
    }
    const video = path.join(folder, 'queue.y4m');
    writeY4m(video, size, [member, lanner], 3);

    const camera = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { page: door, errors } = await openDoor(camera, lanId, 375);
      await door.getByText(/0\s+of\s+2\s+present/).waitFor();
      await door.getByRole('button', { name: 'Scan ticket' }).click();
      const result = door.getByRole('region', { name: 'Result' });

      // One ticket after the other, without touching the screen in between.
      await door.getByText(/1\s+of\s+2\s+present/).waitFor({ timeout: 40_000 });
      await door.getByText(/2\s+of\s+2\s+present/).waitFor({ timeout: 40_000 });
      expect(await door.getByLabel('Camera').isVisible()).toBe(true);
      await result.getByText('Present', { exact: true }).waitFor();
      if (shots) await door.screenshot({ path: path.join(shots, 'door-queue-375.png') });

      // The first ticket comes round again: violet, with when and by whom.
      await result.getByText('Already checked in').waitFor({ timeout: 40_000 });
      await result.getByText(/^Checked in at \d\d:\d\d by lanadmin$/).waitFor();
      expect(await result.getAttribute('data-tone')).toBe('repeat');
      expect(await seriousAxeViolations(door)).toEqual([]);
      if (shots) await door.screenshot({ path: path.join(shots, 'door-again-375.png') });
      await door.getByText(/2\s+of\s+2\s+present/).waitFor();

      await door.getByRole('button', { name: 'Close camera' }).click();
      await door.getByRole('button', { name: 'Scan ticket' }).waitFor();
      expect(await door.getByLabel('Camera').count()).toBe(0);
      expect(errors).toEqual([]);

      if (shots) {
        const { page: wide } = await openDoor(camera, lanId, 1280);
        await wide.getByRole('button', { name: 'Scan ticket' }).click();
        await wide
          .getByRole('region', { name: 'Result' })
          .getByText('Already checked in')
          .waitFor({ timeout: 40_000 });
        await wide.screenshot({ path: path.join(shots, 'door-again-1280.png'), fullPage: true });
        await wide.emulateMedia({ colorScheme: 'dark' });
        await wide.screenshot({ path: path.join(shots, 'door-again-dark-1280.png') });
      }
    } finally {
      await camera.close();
    }
  }, 120_000);

  it('signs in on a site opened over plain http, has no scanner there, and takes the short code', async () => {
    // Any name but localhost or 127.0.0.1 is a plain-http site to the browser, as a lan's
    // http://192.168.1.10:3000 is: no camera, no crypto.subtle. A demo site of its own, named so.
    const site = await startSite({ LANPARTY_DEMO: '1' }, { publicHost: 'door.lan' });
    const browser = await launchBrowser(['--host-resolver-rules=MAP door.lan 127.0.0.1']);
    try {
      const context = await openContext(browser, { viewport: viewports.phone });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${site.baseUrl}/lans/upcoming`);
      await signInOnPage(page, 'lanadmin');
      await page.waitForURL(`${site.baseUrl}/lans/upcoming`);
      await waitForApp(page);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

      // A paid participant of the demo's Full House Lan, not yet checked in.
      const token = await bearerTokenOf(page);
      await waitForApp(page);
      const local = `http://127.0.0.1:${new URL(site.baseUrl).port}`;
      const read = async (url: string) =>
        (await fetch(`${local}${url}`, { headers: { authorization: `Bearer ${token}` } })).json();
      const lans = await read('/api/lans?sinceDate=2000-01-01&limit=100');
      const fullHouse = lans.items.find(({ name }: { name: string }) =>
        name.startsWith('Full House Lan'),
      );
      const { participants } = await read(`/api/lans/${fullHouse.id}/participants`);
      const paid = participants.find(
        (participant: { status: string; present: boolean | null }) =>
          participant.status === 'Paid' && participant.present !== true,
      );

      await page.goto(`${site.baseUrl}/admin/lans/${fullHouse.id}/check-in`);
      await waitForApp(page);
      await page.getByText('No scanner: this site is not on https').waitFor();
      await page.getByText(/serve the site over https/).waitFor();
      expect(await page.getByRole('button', { name: 'Scan ticket' }).count()).toBe(0);
      if (shots)
        await page.screenshot({ path: path.join(shots, 'door-http-375.png'), fullPage: true });

      // The short code read out, typed in lower case with its dash: in.
      const result = page.getByRole('region', { name: 'Result' });
      const shortCode = `${paid.shortCode.slice(0, 4)}-${paid.shortCode.slice(4)}`.toLowerCase();
      await page.getByLabel('Ticket code').fill(shortCode);
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await result.getByText('Present', { exact: true }).waitFor();
      await result.getByText(paid.nickname, { exact: true }).waitFor();
      // And again: the same ticket, a second time.
      await page.getByLabel('Ticket code').fill(paid.shortCode);
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await result.getByText('Already checked in').waitFor();
      await result.getByText(/^Checked in at \d\d:\d\d by lanadmin$/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: path.join(shots, 'door-http-again-375.png') });
      // Found by its name, typed in another case.
      await page.getByLabel('Nickname or name').fill(paid.nickname.toUpperCase());
      await page.getByRole('list', { name: 'Participants found' }).waitFor();

      if (shots) {
        await page.setViewportSize(viewports.desktop);
        await page.screenshot({ path: path.join(shots, 'door-http-1280.png'), fullPage: true });
      }
      expect(
        errors.filter((error) => !/Cross-Origin-Opener-Policy|origin-keyed/.test(error)),
      ).toEqual([]);
    } finally {
      await browser.close();
      await site.stop();
    }
  }, 120_000);
});
