import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openContext, viewports } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { createAccountOnPage, waitForApp } from './support/sign-in.ts';

/*
 * Issue 50 §1: the specification's own words, which issue 32 had overridden (decisions 037
 * and 038 record the withdrawal), in Chromium against the demo community.
 */

const session = useBrowser();

const notifications = (page: Page) => page.getByRole('status', { name: 'Notifications' });

/** What a page logs besides the 404 the server answers for `path`, as it should. */
const besides404Of = (errors: readonly string[], path: string) =>
  errors.filter((error) => !(error.includes('status of 404') && error.includes(path)));

/** The subscriber table's rows (its header row left out). */
const subscriberRows = (page: Page): Locator =>
  page.getByRole('region', { name: 'Subscribers' }).locator('tbody tr');

/** A row's status, as its Status cell names it ("Paid" followed by a presence, for Paid). */
const statusOf = async (row: Locator) =>
  (await row.locator('td').nth(3).textContent())?.replace(/present|absent|presence unknown/, '');

type ListedLan = {
  id: number;
  name: string;
  subscribers: Array<{ status: string; user: { nickname: string } }>;
};

/** The demo's next monthly lan ("December Lan 2026"), with every status, Denied too. */
async function monthlyLan(): Promise<ListedLan> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(siteUrl(`/api/lans?sinceDate=${today}&sort=start-date&limit=20`));
  const lans = ((await response.json()) as { items: ListedLan[] }).items;
  // Other files may have added lans of their own that start sooner.
  const lan = lans.find((one) => /^[A-Z][a-z]+ Lan \d{4}$/.test(one.name));
  if (!lan) throw new Error('the demo community has no upcoming monthly lan');
  return lan;
}

describe('any other path (spec §2)', () => {
  it('redirects to the upcoming lans, saying there is no page at the path typed; the server answers 404', async () => {
    const { page, errors } = await session.openAs('member', '/lans/upcoming', viewports.phone);
    const response = await page.goto(siteUrl('/no-such-page'));
    expect(response?.status()).toBe(404);
    await page.waitForURL(siteUrl('/lans/upcoming'));
    await page.getByRole('heading', { level: 1, name: 'Upcoming lans' }).waitFor();
    await notifications(page).getByText('There is no page at /no-such-page').waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    expect(besides404Of(errors, '/no-such-page')).toEqual([]);
  });
});

describe('the leaderboard with no or an invalid year/month (spec §2)', () => {
  it.each(['2026/13', '2026/0'])(
    'shows the last month for %s, saying there is no such month',
    async (asked) => {
      const { page, errors } = await session.openAs('member', `/stats/leader-board/${asked}`);
      await page.waitForURL(siteUrl('/stats/leader-board'));
      await notifications(page).getByText(`There is no month ${asked}`).waitFor();
      // The last month with playtime leads the page, under the leaderboard's own address.
      const lead = page.getByRole('navigation', { name: 'Leaderboard months' });
      await lead.waitFor();
      await page.getByRole('heading', { name: 'Top players' }).waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it('still says "Nobody played" for a month that can be but has no playtime', async () => {
    const { page, errors } = await session.openAs('member', '/stats/leader-board/2001/1');
    await page.getByText('Nobody played in January 2001. Try another month.').waitFor();
    expect(page.url()).toBe(siteUrl('/stats/leader-board/2001/1'));
    expect(
      await notifications(page)
        .getByText(/There is no month/)
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the profile link (spec §6: shown for Lanner)', () => {
  it.each([
    ['lanner', 1],
    ['member', 1],
    ['visitor', 0],
    ['lanadmin', 0],
    ['memberadmin', 0],
  ])('is shown to %s %i times', async (account, shown) => {
    const { page, errors } = await session.openAs(account, '/lans/upcoming');
    const user = page.getByRole('navigation', { name: 'User' });
    await user.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await user.getByRole('link', { name: account, exact: true }).count()).toBe(shown);
    expect(errors).toEqual([]);
  });

  it('leaves a signed-in non-lanner their profile at /profile', async () => {
    const { page, errors } = await session.openAs('visitor', '/profile');
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await expect(page.getByLabel('Nickname').inputValue()).resolves.toBe('visitor');
    expect(errors).toEqual([]);
  });

  it('sends a brand new account to its profile through the incomplete-profile notice', async () => {
    const { page } = await session.newPage(
      await openContext(session.browser, { viewport: viewports.desktop }),
    );
    const username = `new${Date.now() % 100_000}`;
    await page.goto(siteUrl('/lans/upcoming'));
    await createAccountOnPage(page, username);
    await waitForApp(page);
    const user = page.getByRole('navigation', { name: 'User' });
    await user.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await user.getByRole('link', { name: username, exact: true }).count()).toBe(0);
    await notifications(page).getByRole('link', { name: 'Complete your profile' }).click();
    await page.waitForURL(siteUrl('/profile'));
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
  });
});

describe('the subscriber table (spec, Subscriber table and §4)', () => {
  it('are answered with Denied subscribers, last, to an anonymous caller too', async () => {
    const lan = await monthlyLan();
    const statuses = lan.subscribers.map((row) => row.status);
    const denied = statuses.filter((status) => status === 'Denied').length;
    expect(denied).toBeGreaterThan(0);
    expect(statuses.slice(-denied)).toEqual(Array(denied).fill('Denied'));
  });

  it.each(['lanner', 'visitor', 'lanadmin'])(
    'list Denied subscribers to %s, last and marked bad',
    async (account) => {
      const lan = await monthlyLan();
      const denied = lan.subscribers.filter((row) => row.status === 'Denied').length;
      const { page, errors } = await session.openAs(account, `/lans/${lan.id}`);
      const rows = subscriberRows(page);
      await rows.first().waitFor();
      expect(await rows.count()).toBe(lan.subscribers.length);
      expect(await rows.filter({ hasText: 'Denied' }).count()).toBe(denied);
      const last = rows.nth(lan.subscribers.length - 1);
      await expect(statusOf(last)).resolves.toBe('Denied');
      await expect(
        last
          .locator('td')
          .nth(1)
          .evaluate((cell) => getComputedStyle(cell).textDecorationLine),
      ).resolves.toBe('line-through');
      expect(errors).toEqual([]);
    },
    60_000,
  );

  it('shows the presence of Paid subscribers only, before the lan has begun too', async () => {
    const lan = await monthlyLan();
    const paid = lan.subscribers.filter((row) => row.status === 'Paid').length;
    expect(paid).toBeGreaterThan(0);
    const { page, errors } = await session.openAs('lanner', `/lans/${lan.id}`);
    const rows = subscriberRows(page);
    await rows.first().waitFor();
    const presence = /present|absent|presence unknown/;
    for (const cell of await rows.locator('td:nth-child(4)').allTextContents())
      expect(presence.test(cell), cell).toBe(cell.startsWith('Paid'));
    expect(await rows.locator('td:nth-child(4)').filter({ hasText: presence }).count()).toBe(paid);
    expect(errors).toEqual([]);
  });
});
