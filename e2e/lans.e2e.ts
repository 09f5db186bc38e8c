import { describe, expect, it } from 'vitest';
import { makePng } from '../apps/server/test/images.ts';
import { callApi } from './support/api.ts';
import { useBrowser } from './support/browser-session.ts';
import { chatPosts, siteUrl } from './support/provided-context.ts';
import { bearerTokenOf, reloadApp } from './support/sign-in.ts';

const { openAs, closePages } = useBrowser();

type ListedLan = {
  id: number;
  name: string;
  maximumSubcribers: number;
  price: number;
  membersPrice: number;
  location: { name: string; address: string } | null;
  subscribers: Array<{ id: number; status: string; user: { nickname: string } }>;
};

async function upcomingLans(): Promise<ListedLan[]> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(siteUrl(`/api/lans?sinceDate=${today}&sort=start-date&limit=20`));
  return ((await response.json()) as { items: ListedLan[] }).items;
}

/** The demo community's open lan: the upcoming lan where the demo `lanner` is subscribed. */
async function findOpenLanId(): Promise<number> {
  const lan = (await upcomingLans()).find((candidate) =>
    candidate.subscribers.some((subscriber) => subscriber.user.nickname === 'lanner'),
  );
  if (!lan) throw new Error('the demo community has no lan with the demo lanner');
  return lan.id;
}

/** The demo community's nearly full lan: one place left, and lanners still pending. */
async function findNearlyFullLan(): Promise<{ id: number; pendingNickname: string }> {
  for (const lan of await upcomingLans()) {
    const taken = lan.subscribers.filter(
      ({ status }) => status === 'Accepted' || status === 'Paid',
    );
    const pending = lan.subscribers.find(({ status }) => status === 'Pending');
    if (pending && taken.length === lan.maximumSubcribers - 1)
      return { id: lan.id, pendingNickname: pending.user.nickname };
  }
  throw new Error('the demo community has no nearly full lan');
}

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

    await reloadApp(lanner.page);
    await lanner.page
      .getByRole('region', { name: 'Subscription' })
      .getByText('You are accepted')
      .waitFor();
    expect(lanner.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});

async function lanById(id: number): Promise<ListedLan> {
  return (await (await fetch(siteUrl(`/api/lans/${id}`))).json()) as ListedLan;
}

const euros = (amount: number) => `€${amount.toFixed(2)}`;

describe('the lan page', () => {
  it('shows a lanner who is no member the price they pay first, and where the lan is', async () => {
    const lan = await lanById(await findOpenLanId());
    expect(lan.membersPrice).toBeLessThan(lan.price);
    const { page, errors } = await openAs('lanner', `/lans/${lan.id}`);
    const card = page.getByRole('article', { name: lan.name });
    const price = card.locator('div:has(> dt:text-is("Price")) > dd');
    const priceText = (await price.textContent())?.replace(/\s+/g, ' ').trim();
    expect(priceText).toBe(`${euros(lan.price)}, ${euros(lan.membersPrice)} for members`);
    await expect(price.locator('s').count()).resolves.toBe(0);

    const location = card.getByRole('region', { name: 'Location' });
    await location.getByText(lan.location?.name ?? 'a venue').waitFor();
    await expect(
      location.getByRole('link', { name: /Open in a map/ }).getAttribute('href'),
    ).resolves.toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    expect(errors).toEqual([]);
  });

  it('asks before an accepted lanner gives up their place, and keeps it on Escape', async () => {
    // A lan of this test's own, far ahead so it never becomes the featured upcoming lan.
    const admin = await openAs('lanadmin', '/admin/lans');
    const adminToken = await bearerTokenOf(admin.page);
    const created = await callApi<ListedLan>(adminToken, 'POST', '/api/lans', {
      name: `Withdraw dialog lan ${Date.now()}`,
      startDate: '2098-06-05T16:00:00Z',
      endDate: '2098-06-07T16:00:00Z',
      isActive: true,
      maximumSubcribers: 4,
      price: 30,
      membersPrice: 25,
    });

    try {
      const lanner = await openAs('lanner', `/lans/${created.id}`);
      const panel = lanner.page.getByRole('region', { name: 'Subscription' });
      await panel.getByRole('button', { name: 'Participate' }).click();
      const pending = panel.getByText('Your request for participation is pending');
      await pending.waitFor();
      // Focus moves to the new status instead of dropping to the page (in the effect after
      // the render that shows it: waited for, not read at once).
      await lanner.page.waitForFunction(
        (element) => element === document.activeElement,
        await pending.elementHandle(),
        { timeout: 5_000 },
      );
      const mine = (await lanById(created.id)).subscribers.find(
        (subscriber) => subscriber.user.nickname === 'lanner',
      );
      await callApi(adminToken, 'PUT', `/api/subscribers/${mine?.id}/status:accepted`);
      await reloadApp(lanner.page);
      await panel.getByText('You are accepted').waitFor();

      const withdraw = panel.getByRole('button', { name: 'Withdraw' });
      await withdraw.click();
      const dialog = lanner.page.getByRole('dialog', { name: `Withdraw from ${created.name}?` });
      await dialog.getByText('You give up your place.').waitFor();
      const keep = dialog.getByRole('button', { name: 'Keep my place' });
      await expect(keep.evaluate((element) => element === document.activeElement)).resolves.toBe(
        true,
      );
      await lanner.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect(
        withdraw.evaluate((element) => element === document.activeElement),
      ).resolves.toBe(true);
      expect((await lanById(created.id)).subscribers).toHaveLength(1);

      // Clicks are throttled to one per 500 ms.
      await lanner.page.waitForTimeout(600);
      await withdraw.click();
      await dialog.getByRole('button', { name: 'Withdraw' }).click();
      const withdrawn = panel.getByText('You have withdrawn from this lan.');
      await withdrawn.waitFor();
      await expect(
        withdrawn.evaluate((element) => element === document.activeElement),
      ).resolves.toBe(true);
      expect((await lanById(created.id)).subscribers).toHaveLength(0);
      expect(lanner.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    } finally {
      // The demo community stays as the other tests expect it.
      await closePages();
      await callApi(adminToken, 'DELETE', `/api/lans/${created.id}`);
    }
  });
});

describe('a full lan', () => {
  it('tells a lanner it is full once an administrator accepts the last place', async () => {
    const lan = await findNearlyFullLan();
    const admin = await openAs('lanadmin', `/admin/lans/${lan.id}`);
    await admin.page.getByLabel(`Status of ${lan.pendingNickname}`).selectOption('Accepted');
    await admin.page.waitForResponse((response) => response.url().includes('/status:accepted'));

    const lanner = await openAs('lanner', `/lans/${lan.id}`);
    const panel = lanner.page.getByRole('region', { name: 'Subscription' });
    await panel.getByText('Sorry, the lan is full').waitFor();
    await expect(panel.getByRole('button', { name: 'Participate' }).isDisabled()).resolves.toBe(
      true,
    );
    expect(admin.errors).toEqual([]);
    expect(lanner.errors).toEqual([]);
  });
});

describe('announcing a lan', () => {
  it('creates a lan with a banner, activates it, and the chat hears about it', async () => {
    const name = `Announced lan ${Date.now()}`;
    const { page, errors } = await openAs('lanadmin', '/admin/lans/new');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Bring your own cable.');
    // The banner is chosen with the new lan and uploaded once the lan exists.
    await page.getByLabel('Choose a banner').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: makePng(),
    });
    await page.getByRole('button', { name: 'Create lan' }).click();
    await page.waitForURL(/\/admin\/lans\/\d+$/);
    const lanId = Number(new URL(page.url()).pathname.split('/').pop());
    await page
      .getByRole('status', { name: 'Notifications' })
      .getByText(`The lan ${name} is created.`)
      .waitFor();
    const banner = await fetch(siteUrl(`/api/assets/lan-${lanId}.png`), { method: 'HEAD' });
    expect(banner.status).toBe(200);

    await expect(chatPosts()).resolves.not.toContainEqual(
      expect.objectContaining({
        body: expect.objectContaining({ embeds: [expect.objectContaining({ title: name })] }),
      }),
    );
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('button', { name: 'Deactivate' }).waitFor();

    // The outbox worker posts within a few seconds.
    let announcement: unknown;
    for (let attempt = 0; attempt < 40 && !announcement; attempt += 1) {
      announcement = (await chatPosts()).find((post) =>
        JSON.stringify(post.body).includes(JSON.stringify(name)),
      );
      if (!announcement) await page.waitForTimeout(250);
    }
    expect(announcement).toMatchObject({
      status: 200,
      body: { embeds: [{ title: name, url: siteUrl(`/lans/${lanId}`) }] },
    });
    expect(errors).toEqual([]);
  });
});
