import type { NewScreen, ScheduleItem } from '@lanparty/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessTokenOf, callApi } from './support/api.ts';
import { openContext, viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';

const session = useBrowser();

/*
 * A lan's screen (issue 35) in Chromium, signed in as no one: the demo's open lan on a TV
 * at 1920×1080 and 1280×720 — no scrollbars, no text under 28 px, nothing axe finds — a
 * new announcement interrupting the rotation, and the screen going blank once its link is
 * switched off. And the admin lan screen's Screens at phone width.
 */

/** The demo's open lan: the coming lan with a schedule and announcements. */
async function demoOpenLan(token: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const lans = await callApi<{ items: { id: number }[] }>(
    token,
    'GET',
    `/api/lans?sinceDate=${today}&sort=start-date&limit=10`,
  );
  for (const lan of lans.items) {
    const items = await callApi<ScheduleItem[]>(token, 'GET', `/api/lans/${lan.id}/schedule`);
    if (items.length > 0) return lan.id;
  }
  throw new Error('the demo has no coming lan with a schedule');
}

/** Whether the page scrolls, and the smallest text on it that shows. */
function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const sizes = [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().width > 0 &&
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          ),
      )
      .map((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    return {
      scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
      smallestText: Math.min(...sizes),
    };
  });
}

describe('a lan’s screen', () => {
  it('shows its slides legibly at 1920×1080 and 1280×720, is interrupted by news, and goes blank when switched off', async () => {
    const admin = await accessTokenOf(session.browser, 'lanadmin');
    const lanId = await demoOpenLan(admin);
    const made = await callApi<NewScreen>(admin, 'POST', `/api/lans/${lanId}/screens`, {
      name: 'E2E hall TV',
      rotationSeconds: 5,
    });
    const pages: Page[] = [];
    try {
      for (const viewport of [
        { width: 1920, height: 1080 },
        { width: 1280, height: 720 },
      ]) {
        const context = await openContext(session.browser, { viewport });
        // The page's own clock, so the test moves to the next slide without waiting for it.
        await context.clock.install();
        const { page, errors, settled } = await session.newPage(context);
        pages.push(page);
        await page.goto(made.url);
        await page
          .getByRole('region', { name: 'Schedule' })
          .or(page.getByRole('region', { name: 'Announcements' }))
          .first()
          .waitFor();
        await settled();
        expect(await measure(page), `${viewport.width}`).toEqual({
          scrolls: false,
          smallestText: expect.any(Number),
        });
        expect((await measure(page)).smallestText, `${viewport.width}`).toBeGreaterThanOrEqual(28);
        expect(await axeViolations(page), `${viewport.width}`).toEqual([]);
        // The next slide, and nothing wrong on it either.
        const current = page.locator('[aria-current="true"]');
        const first = await current.textContent();
        await page.clock.fastForward(5_500);
        await expect.poll(() => current.textContent()).not.toBe(first);
        expect((await measure(page)).scrolls).toBe(false);
        expect(await axeViolations(page), `${viewport.width}`).toEqual([]);
        expect(errors).toEqual([]);
      }

      const text = `The finals start in five minutes (${Date.now()})`;
      const posted = await callApi<{ id: number }>(
        admin,
        'POST',
        `/api/lans/${lanId}/announcements`,
        {
          text,
        },
      );
      for (const page of pages)
        await page
          .getByRole('region', { name: 'New announcement' })
          .getByText(text)
          .waitFor({ timeout: 3_000 });
      await callApi(admin, 'DELETE', `/api/lans/${lanId}/announcements/${posted.id}`);

      const switchedOff = Date.now();
      await callApi(admin, 'DELETE', `/api/lans/${lanId}/screens/${made.id}`);
      for (const page of pages)
        await page
          .getByRole('heading', { name: 'This screen was switched off' })
          .waitFor({ timeout: 5_000 });
      expect(Date.now() - switchedOff).toBeLessThan(5_000);
      const again = await fetch(made.url.replace('/screen/', '/api/screens/'));
      expect(again.status).toBe(404);
    } finally {
      await fetch(siteUrl(`/api/lans/${lanId}/screens/${made.id}`), {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
    }
  });

  it.each(Object.entries(viewports))(
    'is made on the admin lan screen, its link shown once, with nothing axe finds (%s)',
    async (_, viewport) => {
      const admin = await accessTokenOf(session.browser, 'lanadmin');
      const lanId = await demoOpenLan(admin);
      const { page, errors, settled } = await session.openAs(
        'lanadmin',
        `/admin/lans/${lanId}`,
        viewport,
      );
      const section = page.getByRole('region', { name: 'Screens' });
      await section.getByLabel('Screen name').fill('Door TV');
      await section.getByLabel('Seat map').uncheck();
      await section.getByRole('button', { name: 'Make a screen link' }).click();
      const link = section.getByLabel('Link of Door TV');
      await link.waitFor();
      const url = await link.inputValue();
      expect(url).toMatch(/\/screen\/[A-Za-z0-9_-]{43}$/);
      await settled();
      expect(await axeViolations(page)).toEqual([]);
      const switchOff = section.getByRole('button', { name: 'Switch off Door TV' });
      await switchOff.click();
      await page
        .getByRole('dialog', { name: 'Switch off Door TV?' })
        .getByRole('button', { name: 'Switch off' })
        .click();
      await switchOff.waitFor({ state: 'detached' });
      expect((await fetch(url.replace('/screen/', '/api/screens/'))).status).toBe(404);
      expect(errors).toEqual([]);
    },
  );
});
