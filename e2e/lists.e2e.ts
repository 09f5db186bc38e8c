import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { reloadApp, signedInContext, waitForApp } from './support/sign-in.ts';

/*
 * Issue 32 §6: the lan page and the lists, in Chromium against the demo community.
 */

const session = useBrowser();

type ListedLan = { id: number; name: string; startDate: string; endDate: string };

async function upcomingLans(): Promise<ListedLan[]> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(siteUrl(`/api/lans?sinceDate=${today}&sort=start-date&limit=20`));
  return ((await response.json()) as { items: ListedLan[] }).items;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `dd MMM yyyy, HH:mm` of the clocks the text is written in (the community's). */
function asWritten(moment: string): string {
  const [, year, month, day, hour, minute] =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(moment) ?? [];
  return `${day} ${months[Number(month) - 1]} ${year}, ${hour}:${minute}`;
}

/** The subscriber table's rows (its header row left out). */
function subscriberRows(page: Page): Locator {
  return page.getByRole('region', { name: 'Subscribers' }).locator('tbody tr');
}

describe('the lan page and its cards', () => {
  it('show the start and end with their time on the community’s clocks, wherever the visitor is', async () => {
    const [featured] = await upcomingLans();
    if (!featured) throw new Error('the demo community has no upcoming lan');
    // The community is in Amsterdam; this visitor's browser is in New York.
    const context = await signedInContext(session.browser, siteUrl(), 'lanner', {
      timezoneId: 'America/New_York',
    });
    const { page, errors } = await session.newPage(context);
    await page.goto(siteUrl('/lans/upcoming'));
    await waitForApp(page);
    const card = page.getByRole('article', { name: featured.name });
    const start = card.locator('dt', { hasText: 'Start' }).locator('xpath=following-sibling::dd');
    const end = card.locator('dt', { hasText: 'End' }).locator('xpath=following-sibling::dd');
    await expect(start.textContent()).resolves.toBe(asWritten(featured.startDate));
    await expect(end.textContent()).resolves.toBe(asWritten(featured.endDate));
    // The demo's lans start at 18:00 in Amsterdam (winter) or 19:00 (summer), never New York's.
    expect(asWritten(featured.startDate)).toMatch(/, (18|19):00$/);
    expect(errors).toEqual([]);
  });

  it('says a full lan’s waitlist is open, and numbers its waitlisted subscribers', async () => {
    const full = (await upcomingLans()).find((lan) => lan.name.startsWith('Full House Lan'));
    if (!full) throw new Error('the demo community has no Full House Lan');
    const { page, errors } = await session.openAs('lanner', `/lans/${full.id}`);
    await page.getByText('Full — waitlist open').waitFor();
    await subscriberRows(page).first().waitFor();
    await expect(
      page
        .getByRole('region', { name: 'Subscribers' })
        .getByText('Waitlist 1', { exact: true })
        .count(),
    ).resolves.toBe(1);
    await expect(
      page
        .getByRole('region', { name: 'Subscribers' })
        .getByText('Pending', { exact: true })
        .count(),
    ).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the calendar', () => {
  it('is offered as a webcal:// subscription on the site’s public address, with the file beside it', async () => {
    const { page } = await session.openAs('lanner', '/lans/upcoming');
    const subscribe = page.getByRole('link', { name: 'Subscribe in your calendar' });
    await subscribe.waitFor();
    const site = new URL(siteUrl());
    await expect(subscribe.getAttribute('href')).resolves.toBe(
      `webcal://${site.host}/api/lans.ics`,
    );
    const download = page.getByRole('link', { name: 'Download the calendar' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('lanparty.ics');
    const feed = await fetch(siteUrl('/api/lans.ics'));
    expect((await feed.text()).startsWith('BEGIN:VCALENDAR')).toBe(true);
  });
});

describe('a birth date', () => {
  it('in the future is refused on the profile form with a clear message', async () => {
    const { page, errors } = await session.openAs('member', '/profile/personal');
    const birthDate = page.getByLabel('Birth date');
    await birthDate.fill(`${new Date().getUTCFullYear() + 5}-01-01`);
    await birthDate.blur();
    await page.getByText('Birth date cannot be in the future').waitFor();
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/users/me')) saves += 1;
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(birthDate.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(saves).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('making a lanner', () => {
  it('says what a sign-up lacks, and its Undo takes the role back on the server', async () => {
    const { page, errors } = await session.openAs('memberadmin', '/admin/sign-ups');
    const firstRow = page.locator('tbody tr').first();
    await firstRow.waitFor();
    const nickname = (await firstRow.getByRole('link').textContent()) ?? '';
    const makeLanner = firstRow.getByRole('button', { name: `Make lanner ${nickname}` });
    await expect(makeLanner.getAttribute('aria-describedby')).resolves.toBeTruthy();

    await makeLanner.click();
    const undo = page.getByRole('button', { name: `Undo making ${nickname} a lanner` });
    // Undone at once: the Undo lasts 10 s, which a busy machine's reads must not use up.
    await undo.waitFor();
    const undone = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.ok(),
    );
    await undo.click();
    await undone;
    await page.getByText(`${nickname} is no longer a lanner.`).waitFor();

    // Read afresh from the server: still waiting to be made a lanner.
    await reloadApp(page);
    await page.getByRole('link', { name: nickname, exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
