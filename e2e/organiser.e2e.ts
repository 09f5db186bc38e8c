import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { reloadApp, signedInContext, waitForApp } from './support/sign-in.ts';

const session = useBrowser();
const { openAs } = session;

/*
 * The organiser's lan as its people live it (issue 12): a lan with one place, taken; a
 * lanner joins its waitlist, moves up when the place frees, finds their ticket on the lan's
 * page, and is checked in at the door on a phone with the code typed in.
 */
describe('the waitlist, the ticket and the door', () => {
  it('moves a waitlisted lanner up when the place frees, and checks their ticket in at the door', async () => {
    const name = `One-seat lan ${Date.now()}`;
    const admin = await openAs('lanadmin', '/admin/lans/new');
    await admin.page.getByLabel('Name', { exact: true }).fill(name);
    // Far ahead, after the demo's lans: lans.e2e.ts looks for the demo lan `lanner` is on.
    await admin.page.getByLabel('Start date').fill('2097-03-05T18:00');
    await admin.page.getByLabel('End date').fill('2097-03-07T18:00');
    await admin.page.getByLabel(/^Maximum/).fill('1');
    await admin.page.getByRole('button', { name: 'Create lan' }).click();
    await admin.page.waitForURL(/\/admin\/lans\/\d+$/);
    const lanId = Number(new URL(admin.page.url()).pathname.split('/').pop());
    await admin.page.getByRole('button', { name: 'Activate' }).click();
    await admin.page.getByRole('button', { name: 'Deactivate' }).waitFor();

    // `member` takes the one place.
    const member = await openAs('member', `/lans/${lanId}`);
    const memberPanel = member.page.getByRole('region', { name: 'Subscription' });
    await memberPanel.getByRole('button', { name: 'Participate' }).click();
    await memberPanel.getByText('Your request for participation is pending').waitFor();
    await reloadApp(admin.page);
    await admin.page.getByLabel('Status of member').first().selectOption('Accepted');
    await admin.page.waitForResponse((response) => response.url().includes('/status:accepted'));

    // The lan is full: `lanner` joins its waitlist.
    const lanner = await openAs('lanner', `/lans/${lanId}`);
    const panel = lanner.page.getByRole('region', { name: 'Subscription' });
    await panel.getByText('Sorry, the lan is full').waitFor();
    await expect(panel.getByRole('button', { name: 'Participate' }).isDisabled()).resolves.toBe(
      true,
    );
    await panel.getByRole('button', { name: 'Join the waitlist' }).click();
    await panel.getByText('The lan is full. You are number 1 on the waitlist.').waitFor();

    // The place frees: `member` is denied, and `lanner` moves up on its own.
    await reloadApp(admin.page);
    await admin.page.getByLabel('Status of member').first().selectOption('Denied');
    // Denying asks first, with room for a reason for the member's mail.
    // Listening before the click: a quick answer is not missed.
    const denied = admin.page.waitForResponse((response) =>
      response.url().includes('/status:denied'),
    );
    await admin.page
      .getByRole('dialog', { name: 'Deny member?' })
      .getByRole('button', { name: 'Deny' })
      .click();
    await denied;
    const encoderOnPage: string[] = [];
    lanner.page.on('request', (request) => {
      if (request.url().includes('/assets/qr-code-svg-')) encoderOnPage.push(request.url());
    });
    await reloadApp(lanner.page);
    await lanner.page
      .getByRole('region', { name: 'Subscription' })
      .getByText('You are accepted')
      .waitFor();
    const ticket = lanner.page.getByRole('region', { name: 'Your ticket' });
    // Drawn (its square holds the place until then), and in a worker: the QR encoder is
    // never loaded on the page's own thread.
    await ticket.getByRole('img', { name: 'QR code of your ticket' }).locator('svg').waitFor();
    expect(lanner.page.workers().map((worker) => worker.url())).toContainEqual(
      expect.stringContaining('/assets/qr-code.worker-'),
    );
    expect(encoderOnPage).toEqual([]);
    // The short code to read out, beside the QR code's long one.
    const code = (await ticket.getByText('Code to read out').locator('+ dd').textContent()) ?? '';
    expect(code.trim()).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const longCode = ticket.getByText('Ticket code (in the QR code)').locator('+ dd');
    expect((await longCode.textContent())?.replaceAll('-', '')).toHaveLength(26);

    // At the door, on a phone: the short code read out and typed, in lower case.
    const door = await openAs('lanadmin', `/admin/lans/${lanId}/check-in`, viewports.phone);
    await door.page.getByText(/0\s+of\s+1\s+present/).waitFor();
    await door.page.getByLabel('Ticket code').fill(code.toLowerCase());
    await door.page.getByRole('button', { name: 'Check in', exact: true }).click();
    const result = door.page.getByRole('region', { name: 'Result' });
    await result.getByText('€30.00 due').waitFor();
    await result.getByText('lanner', { exact: true }).waitFor();
    await result.getByRole('button', { name: 'Paid and present' }).click();
    await result.getByText('Present', { exact: true }).waitFor();
    await door.page.getByText(/1\s+of\s+1\s+present/).waitFor();

    // The same ticket again: already in, never twice, and when and by whom it was.
    await door.page.getByLabel('Ticket code').fill(code);
    await door.page.getByRole('button', { name: 'Check in', exact: true }).click();
    await result.getByText('Already checked in').waitFor();
    await result.getByText(/^Checked in at \d\d:\d\d by lanadmin$/).waitFor();
    await door.page.getByText(/1\s+of\s+1\s+present/).waitFor();

    for (const opened of [admin, member, lanner]) expect(opened.errors).toEqual([]);
    // The unpaid ticket's 409 is the answer the door expects; nothing else may complain.
    expect(door.errors.filter((error) => !/409 .*\/check-ins\)$/.test(error))).toEqual([]);
    expect(door.errors).toHaveLength(1);
  }, 60_000);

  it('takes a lan’s start and end on the community’s clocks from an organiser abroad', async () => {
    // The community is in Amsterdam; this organiser's browser is in New York.
    const context = await signedInContext(session.browser, siteUrl(), 'lanadmin', {
      timezoneId: 'America/New_York',
    });
    const { page, errors } = await session.newPage(context);
    await page.goto(siteUrl('/admin/lans/new'));
    await waitForApp(page);
    const name = `Summer lan from abroad ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    // Far ahead, after the demo's lans; in Amsterdam's summer time.
    await page.getByLabel('Start date').fill('2098-07-05T18:00');
    await page.getByLabel('End date').fill('2098-07-07T18:00');
    await page.getByRole('button', { name: 'Create lan' }).click();
    await page.waitForURL(/\/admin\/lans\/\d+$/);
    const lanId = Number(new URL(page.url()).pathname.split('/').pop());
    const details = page.getByRole('form', { name: 'Lan details' });
    await expect(details.getByLabel('Start date').inputValue()).resolves.toBe('2098-07-05T18:00');
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('button', { name: 'Deactivate' }).waitFor();

    const saved = (await (await fetch(siteUrl(`/api/lans/${lanId}`))).json()) as {
      startDate: string;
      endDate: string;
    };
    expect(saved.startDate).toBe('2098-07-05T18:00:00.000+02:00');
    expect(saved.endDate).toBe('2098-07-07T18:00:00.000+02:00');
    await page.goto(siteUrl(`/lans/${lanId}`));
    await waitForApp(page);
    await page.getByText('5 Jul 2098, 18:00').first().waitFor();
    await page.getByText('7 Jul 2098, 18:00').first().waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
