import type { ScheduleItem } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { accessTokenOf, callApi } from './support/api.ts';
import { viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';

const session = useBrowser();
const { openAs } = session;

/*
 * A lan's schedule and announcements (issue 35) in Chromium: the demo's open lan lists its
 * weekend by day and its announcements; an item the organiser adds and an announcement
 * they post on the admin screen reach a lanner's open lan page through the live events;
 * axe at phone and desktop width.
 */

/** The demo's open lan: the coming lan with a schedule. */
async function demoLanWithSchedule(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const token = await accessTokenOf(session.browser, 'member');
  const lans = await callApi<{ items: { id: number }[] }>(
    token,
    'GET',
    `/api/lans?sinceDate=${today}&sort=start-date&limit=10`,
  );
  for (const lan of lans.items) {
    const items = (await (await fetch(siteUrl(`/api/lans/${lan.id}/schedule`))).json()) as
      | ScheduleItem[]
      | undefined;
    if (Array.isArray(items) && items.length > 0) return lan.id;
  }
  throw new Error('the demo has no coming lan with a schedule');
}

describe('the schedule', () => {
  it.each(Object.entries(viewports))(
    'lists the demo lan’s weekend by day, with nothing axe finds (%s)',
    async (_, viewport) => {
      const lanId = await demoLanWithSchedule();
      const { page, errors, settled } = await openAs('member', `/lans/${lanId}`, viewport);
      const region = page.getByRole('region', { name: 'Schedule' });
      await region.getByText('Doors open, find your seat').waitFor();
      // The demo's announcements, the pinned one first.
      const announcements = page.getByRole('region', { name: 'Announcements' });
      await expect(announcements.getByRole('listitem').first().textContent()).resolves.toContain(
        'Bring your own power strip',
      );
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
      const organiser = await openAs('lanadmin', `/admin/lans/${lan.id}`);
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
      expect(await axeViolations(lanner.page)).toEqual([]);
      expect(lanner.errors).toEqual([]);
      expect(organiser.errors).toEqual([]);
    } finally {
      await callApi(admin, 'DELETE', `/api/lans/${lan.id}`);
    }
  }, 90_000);
});
