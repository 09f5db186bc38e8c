import type { ScheduleItem } from '@lanparty/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, callApi, lanWithPlaces } from './support/api.ts';
import { viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';

const session = useBrowser();
const { openAs } = session;

/*
 * A lan's schedule and announcements (issue 35) and the top of its page (issue 51) in
 * Chromium: the demo's open lan, reached from its card, lists its weekend by day and its
 * announcements, and its page's links reach its sections; an item the organiser adds and
 * an announcement they post on the admin screen (reached from the lan's page and back)
 * reach a lanner's open lan page through the live events, the announcement at its top; a
 * running lan's page leads with what matters now; axe at phone and desktop width.
 */

/**
 * The demo's open lan, the coming lan with a schedule, and the lan Upcoming lans shows in
 * full (the next one: the demo's, unless a file before this one made a lan that starts
 * sooner).
 */
async function demoLanWithSchedule(): Promise<{ lanId: number; nextId: number }> {
  const today = new Date().toISOString().slice(0, 10);
  const token = await accessTokenOf(session.browser, 'member');
  const lans = await callApi<{ items: { id: number }[] }>(
    token,
    'GET',
    `/api/lans?sinceDate=${today}&sort=start-date&limit=20`,
  );
  const next = lans.items[0];
  if (!next) throw new Error('the demo has no coming lan');
  for (const { id } of lans.items) {
    const items = (await (await fetch(siteUrl(`/api/lans/${id}/schedule`))).json()) as
      | ScheduleItem[]
      | undefined;
    if (Array.isArray(items) && items.length > 0) return { lanId: id, nextId: next.id };
  }
  throw new Error('no coming lan of the demo has a schedule');
}

/** Whether the element's top is within the window (a section jumped to). */
const isScrolledTo = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= -1 && top < innerHeight / 2;
  });

describe('the schedule', () => {
  it.each(Object.entries(viewports))(
    'lists the demo lan’s weekend by day, with nothing axe finds (%s)',
    async (_, viewport) => {
      const { lanId, nextId } = await demoLanWithSchedule();
      const { page, errors, settled } = await openAs('member', '/lans/upcoming', viewport);
      // The lan shown in full leads to its page, as the Soon cards do (issue 51).
      await page
        .getByRole('article')
        .first()
        .getByRole('heading', { level: 2 })
        .getByRole('link')
        .click();
      await page.waitForURL(siteUrl(`/lans/${nextId}`));
      if (nextId !== lanId) {
        await page.goto(siteUrl(`/lans/${lanId}`));
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      const region = page.getByRole('region', { name: 'Schedule' });
      await region.getByText('Doors open, find your seat').waitFor();
      // The demo's announcements, the pinned one first.
      const announcements = page.getByRole('region', { name: 'Announcements' });
      await expect(announcements.getByRole('listitem').first().textContent()).resolves.toContain(
        'Bring your own power strip',
      );
      // The page's own links reach its sections, by the keyboard too.
      const sections = page.getByRole('navigation', { name: 'On this page' });
      await sections.getByRole('link', { name: 'Seats' }).click();
      await page.waitForURL(siteUrl(`/lans/${lanId}#seats`));
      expect(await isScrolledTo(page, '#seats')).toBe(true);
      await sections.getByRole('link', { name: 'Schedule' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(siteUrl(`/lans/${lanId}#schedule`));
      expect(await isScrolledTo(page, '#schedule')).toBe(true);
      await settled();
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('reaches an open lan page as the organiser adds an item and posts an announcement', async () => {
    const admin = await accessTokenOf(session.browser, 'lanadmin');
    const lan = await callApi<{ id: number }>(admin, 'POST', '/api/lans', {
      name: `Schedule lan ${Date.now()}`,
      description: 'A timetable (issue 35).',
      startDate: '2098-06-04T18:00:00+02:00',
      endDate: '2098-06-06T18:00:00+02:00',
      isActive: true,
      maximumSubcribers: 10,
      price: 30,
      membersPrice: 25,
    });
    try {
      const lanner = await openAs('member', `/lans/${lan.id}`);
      await lanner.page.getByRole('article').first().waitFor();
      // The organiser's admin page and the lan's own page lead to each other (issue 51).
      const organiser = await openAs('lanadmin', `/admin/lans/${lan.id}`);
      await organiser.page.getByRole('link', { name: 'Public page' }).click();
      await organiser.page.waitForURL(siteUrl(`/lans/${lan.id}`));
      await organiser.page.getByRole('link', { name: 'Manage this lan' }).click();
      await organiser.page.waitForURL(siteUrl(`/admin/lans/${lan.id}`));
      const form = organiser.page.getByRole('form', { name: 'Add to the schedule' });
      await form.getByLabel('Starts').fill('2098-06-04T20:00');
      await form.getByLabel('Title').fill('Midnight pizza');
      await form.getByLabel('Place').fill('Kitchen');
      await form.getByLabel('Kind').selectOption('food');
      await form.getByRole('button', { name: 'Add to schedule' }).click();
      await organiser.page
        .getByRole('region', { name: 'Schedule' })
        .getByRole('button', { name: 'Change Midnight pizza' })
        .waitFor();
      expect(await axeViolations(organiser.page)).toEqual([]);
      // The lanner's page heard of it: no reload.
      const line = lanner.page.getByRole('region', { name: 'Schedule' }).getByRole('listitem');
      await line.getByText('Midnight pizza').waitFor();
      await expect(line.textContent()).resolves.toBe('20:00Midnight pizzaFood · Kitchen');

      // An announcement reaches the open page and is read out there, politely.
      const news = organiser.page.getByRole('form', { name: 'New announcement' });
      await news.getByLabel('Text').fill('Pizza is in the kitchen');
      await news.getByLabel('Pin it at the top').check();
      await news.getByRole('button', { name: 'Post announcement' }).click();
      await lanner.page
        .getByRole('region', { name: 'Announcements' })
        .getByText('Pizza is in the kitchen')
        .waitFor();
      await expect(
        lanner.page.locator('p.visually-hidden[aria-live="polite"]').textContent(),
      ).resolves.toBe('New announcement: Pizza is in the kitchen');
      // …and shows at the top of the page, above the lan.
      const atTop = lanner.page.getByRole('region', { name: 'New announcement' });
      await atTop.getByText('Pizza is in the kitchen').waitFor();
      const [top, lanCard] = await Promise.all([
        atTop.boundingBox(),
        lanner.page.getByRole('article').first().boundingBox(),
      ]);
      expect(top && lanCard && top.y < lanCard.y).toBe(true);
      expect(await axeViolations(lanner.page)).toEqual([]);
      expect(lanner.errors).toEqual([]);
      expect(organiser.errors).toEqual([]);
    } finally {
      await session.closePages();
      await callApi(admin, 'DELETE', `/api/lans/${lan.id}`);
    }
  }, 90_000);
});

describe('a running lan’s page', () => {
  const hour = 3_600_000;
  const running = { lanId: 0, adminToken: '', tournamentId: 0 };

  // A lan under way since two hours, member and lanner in it, with an item on now, a pinned
  // announcement, and a duel of the two begun; gone again after (a running lan is upcoming).
  beforeAll(async () => {
    const { lanId, adminToken } = await lanWithPlaces(
      session.browser,
      {
        name: `Running lan ${Date.now()}`,
        description: 'Under way (issue 51).',
        startDate: new Date(Date.now() - 2 * hour).toISOString(),
        endDate: new Date(Date.now() + 40 * hour).toISOString(),
      },
      ['member', 'lanner'],
      'accepted',
    );
    Object.assign(running, { lanId, adminToken });
    await callApi(adminToken, 'POST', `/api/lans/${lanId}/schedule`, {
      title: 'Quake warm-up',
      startDate: new Date(Date.now() - hour).toISOString(),
      endDate: new Date(Date.now() + hour).toISOString(),
      kind: 'game',
    });
    await callApi(adminToken, 'POST', `/api/lans/${lanId}/announcements`, {
      text: 'Wifi: lanparty',
      pinned: true,
    });
    running.tournamentId = (
      await callApi<{ id: number }>(adminToken, 'POST', `/api/lans/${lanId}/tournaments`, {
        name: 'Quake duel',
        game: 'Quake III Arena',
        format: 'single_elimination',
        maxEntrants: 8,
      })
    ).id;
    // Both enter, as the organiser may enter participants (in at once).
    const { subscribers } = await callApi<{ subscribers: { user: { id: number } }[] }>(
      adminToken,
      'GET',
      `/api/lans/${lanId}`,
    );
    for (const { user } of subscribers)
      await callApi(adminToken, 'POST', `/api/tournaments/${running.tournamentId}/entries`, {
        memberIds: [user.id],
      });
    await callApi(adminToken, 'POST', `/api/tournaments/${running.tournamentId}/start`, {});
  }, 60_000);

  afterAll(async () => {
    if (running.tournamentId)
      await callApi(running.adminToken, 'DELETE', `/api/tournaments/${running.tournamentId}`);
    if (running.lanId) await callApi(running.adminToken, 'DELETE', `/api/lans/${running.lanId}`);
  });

  it.each([
    ['member', viewports.phone],
    ['lanadmin', viewports.desktop],
  ] as const)('leads with what matters now, nothing for axe (%s)', async (account, viewport) => {
    const { page, errors, settled } = await openAs(account, `/lans/${running.lanId}`, viewport);
    const now = page.getByRole('region', { name: 'Happening now' });
    await now.getByText('Quake warm-up').waitFor();
    await now.getByText('Wifi: lanparty').waitFor();
    if (account === 'member') {
      await now.getByText('You are accepted').waitFor();
      await now.getByText('Against lanner').waitFor();
    } else await page.getByRole('link', { name: 'Manage this lan' }).waitFor();
    await settled();
    expect(await axeViolations(page), `${account} at ${viewport.width} px`).toEqual([]);
    expect(errors).toEqual([]);
  });
});
