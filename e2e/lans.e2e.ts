import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser } from './support/browser.ts';
import { siteUrl } from './support/provided-context.ts';
import { signedInContext, waitForApp } from './support/sign-in.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function openAs(account: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await signedInContext(browser, siteUrl(), account);
  contexts.push(context);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(siteUrl(path));
  await waitForApp(page);
  return { page, errors };
}

/** The demo community's open lan: the upcoming lan where the demo `lanner` is subscribed. */
async function findOpenLanId(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(siteUrl(`/api/lans?sinceDate=${today}&sort=start-date&limit=20`));
  const { items } = (await response.json()) as {
    items: Array<{ id: number; subscribers: Array<{ user: { nickname: string } }> }>;
  };
  const lan = items.find((candidate) =>
    candidate.subscribers.some((subscriber) => subscriber.user.nickname === 'lanner'),
  );
  if (!lan) throw new Error('the demo community has no lan with the demo lanner');
  return lan.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing up for a lan', () => {
  it('tells a visitor without the Lanner role why there is no button', async () => {
    const { page, errors } = await openAs('visitor', '/lans/upcoming');
    await page.getByText('Sorry, you are not yet marked a lanner').waitFor();
    await expect(page.getByRole('button', { name: 'Participate' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('lets a lanner withdraw and subscribe again, and shows the administrator’s acceptance', async () => {
    const lanId = await findOpenLanId();
    const lanner = await openAs('lanner', `/lans/${lanId}`);
    const panel = lanner.page.getByRole('region', { name: 'Subscription' });
    await panel.getByText('Your request for participation is pending').waitFor();

    await panel.getByRole('button', { name: 'Withdraw' }).click();
    await panel.getByRole('button', { name: 'Participate' }).waitFor();
    await expect(
      panel.getByText('Your request for participation is pending').count(),
    ).resolves.toBe(0);
    // Clicks are throttled to one per 500 ms.
    await lanner.page.waitForTimeout(600);
    await panel.getByRole('button', { name: 'Participate' }).click();
    await panel.getByText('Your request for participation is pending').waitFor();

    const admin = await openAs('lanadmin', `/admin/lans/${lanId}`);
    await admin.page.getByLabel('Status of lanner').selectOption('Accepted');
    await admin.page.waitForResponse((response) => response.url().includes('/status:accepted'));

    await lanner.page.reload();
    await waitForApp(lanner.page);
    await lanner.page
      .getByRole('region', { name: 'Subscription' })
      .getByText('You are accepted')
      .waitFor();
    expect(lanner.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
