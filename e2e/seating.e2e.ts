import type { Seating } from '@lanparty/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, callApi, lanWithPlaces } from './support/api.ts';
import { viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { waitForApp } from './support/sign-in.ts';

const session = useBrowser();

/*
 * The seat map of issue 34 in Chromium, on the demo's open lan (a published plan of about
 * sixty seats, two clans seated together, most seats free): a lanner picks a seat and
 * another browser sees it taken through the live events; two lanners racing for one seat
 * on a lan of this file's own; the map by keyboard; axe at phone and desktop width.
 */

type ListedLan = { id: number; name: string; subscribers: { user: { nickname: string } }[] };

/** The demo's open lan: the coming lan with a seat plan that `member` holds a place at. */
async function openDemoLan(token: string): Promise<{ id: number; seating: Seating }> {
  const today = new Date().toISOString().slice(0, 10);
  const lans = await callApi<{ items: ListedLan[] }>(
    token,
    'GET',
    `/api/lans?sinceDate=${today}&sort=start-date&limit=10`,
  );
  for (const lan of lans.items) {
    if (!lan.subscribers.some((subscriber) => subscriber.user.nickname === 'member')) continue;
    const response = await fetch(siteUrl(`/api/lans/${lan.id}/seating`));
    if (response.ok) return { id: lan.id, seating: (await response.json()) as Seating };
  }
  throw new Error('the demo has no open lan with a seat plan that member is on');
}

/** A free standard seat of the plan, far from the clans' rows: the one `member` picks. */
const freeSeatOf = (seating: Seating, skip: readonly string[] = []) => {
  const seat = seating.seats
    .filter((each) => each.kind === 'standard' && !each.occupant && !skip.includes(each.label))
    .at(-1);
  if (!seat) throw new Error('the demo plan has no free seat');
  return seat;
};

const seatsOf = (page: Page) => page.getByRole('region', { name: 'Seats' });
const mapOf = (page: Page) => seatsOf(page).getByRole('group', { name: 'Seat map' });

describe('the seat map of the demo’s open lan', () => {
  let lanId = 0;
  let seating: Seating;
  let memberToken = '';

  beforeAll(async () => {
    memberToken = await accessTokenOf(session.browser, 'member');
    ({ id: lanId, seating } = await openDemoLan(memberToken));
  }, 60_000);

  afterAll(async () => {
    // The demo as it was for the other files: member without a seat.
    const now = (await (await fetch(siteUrl(`/api/lans/${lanId}/seating`))).json()) as Seating;
    const held = now.seats.find((seat) => seat.occupant?.nickname === 'member');
    if (held) await callApi(memberToken, 'DELETE', `/api/lans/${lanId}/seats/${held.id}/occupant`);
  });

  // The one-second figure is bench:seats' to measure (under load, on both engines); here the
  // outcome: the other tab shows the pick without a reload.
  it('lets a lanner pick a free seat, and another browser sees it taken without a reload', async () => {
    const seat = freeSeatOf(seating);
    const watcher = await session.openAs('lanner', `/lans/${lanId}`);
    await mapOf(watcher.page)
      .getByRole('button', { name: `Seat ${seat.label}, free` })
      .waitFor();
    await watcher.page.evaluate(() => {
      document.documentElement.dataset.liveTab = 'never reloaded';
    });

    const picker = await session.openAs('member', `/lans/${lanId}`);
    await mapOf(picker.page)
      .getByRole('button', { name: `Seat ${seat.label}, free` })
      .click();
    const dialog = picker.page.getByRole('dialog', { name: `Take seat ${seat.label}?` });
    const taken = picker.page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/occupant'),
    );
    await dialog.getByRole('button', { name: 'Take seat' }).click();
    expect((await taken).status()).toBe(200);

    await mapOf(watcher.page)
      .getByRole('button', { name: `Seat ${seat.label}, taken by member` })
      .waitFor();
    expect(await watcher.page.evaluate(() => document.documentElement.dataset.liveTab)).toBe(
      'never reloaded',
    );

    await seatsOf(picker.page).getByText(`You sit at ${seat.label} now.`).waitFor();
    await mapOf(picker.page)
      .getByRole('button', { name: `Seat ${seat.label}, your seat` })
      .waitFor();
    await seatsOf(picker.page).getByText(`Your seat: ${seat.label}`, { exact: true }).waitFor();

    // Freed again from the page, and the watcher sees that too.
    await seatsOf(picker.page).getByRole('button', { name: 'Free my seat…' }).click();
    await picker.page
      .getByRole('dialog', { name: `Free seat ${seat.label}?` })
      .getByRole('button', { name: 'Free my seat' })
      .click();
    await mapOf(watcher.page)
      .getByRole('button', { name: `Seat ${seat.label}, free` })
      .waitFor();
    // One line says how the last action went: the pick's is gone.
    await seatsOf(picker.page).getByText(`Seat ${seat.label} is free now.`).waitFor();
    await expect(
      seatsOf(picker.page).getByText(`You sit at ${seat.label} now.`).count(),
    ).resolves.toBe(0);
    expect(picker.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
  });

  it('is reachable by keyboard: one Tab stop, arrow keys between seats, Enter asks', async () => {
    const { page, errors } = await session.openAs('member', `/lans/${lanId}`);
    const search = seatsOf(page).getByRole('searchbox', { name: 'Find a lanner' });
    await search.focus();
    const focusedSeat = () =>
      page.evaluate(() =>
        document.activeElement?.hasAttribute('data-seat-id')
          ? document.activeElement.getAttribute('aria-label')
          : null,
      );
    let name: string | null = null;
    for (let presses = 0; presses < 8 && name === null; presses += 1) {
      await page.keyboard.press('Tab');
      name = await focusedSeat();
    }
    // The map's one stop: the viewer's seat, else the first; Home goes to the first.
    expect(name).toMatch(/^Seat [A-Z]\d+, /);
    await page.keyboard.press('Home');
    expect(await focusedSeat()).toMatch(/^Seat A1, /);
    await page.keyboard.press('ArrowRight');
    expect(await focusedSeat()).toMatch(/^Seat A2, /);
    await page.keyboard.press('ArrowDown');
    expect(await focusedSeat()).toMatch(/^Seat B2, taken by .+ \[PXP\]$/);
    // Tab leaves the map in one step: the seats are one stop, not sixty.
    await page.keyboard.press('Tab');
    expect(await focusedSeat()).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedSeat()).toMatch(/^Seat B2, /);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Seat B2' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedSeat()).toMatch(/^Seat B2, /);
    expect(errors).toEqual([]);
  });

  it('finds a lanner: the seat is marked and scrolled to', async () => {
    const { page } = await session.openAs('member', `/lans/${lanId}`, viewports.phone);
    const clanSeat = seating.seats.find((seat) => seat.occupant?.clanTag === 'LAG');
    const nickname = clanSeat?.occupant?.nickname ?? '';
    await seatsOf(page).getByRole('searchbox', { name: 'Find a lanner' }).fill(nickname);
    const found = mapOf(page).getByRole('button', {
      name: `Seat ${clanSeat?.label}, taken by ${nickname} [LAG], found`,
    });
    await found.waitFor();
    await expect(found.isVisible()).resolves.toBe(true);
    const inView = await found.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const frame = button.closest('[role="group"]')?.parentElement?.getBoundingClientRect();
      return !!frame && box.left >= frame.left && box.right <= frame.right;
    });
    expect(inView).toBe(true);
  });

  for (const viewportName of ['phone', 'desktop'] as const) {
    it(`has no axe violation on the map, a seat chosen and the list (${viewportName})`, async () => {
      const { page, errors, settled } = await session.openAs(
        'member',
        `/lans/${lanId}`,
        viewports[viewportName],
      );
      const map = mapOf(page);
      await map.getByRole('button').first().waitFor();
      await settled();
      const wide = seatsOf(page).getByRole('region', { name: 'Seat map, scrolls sideways' });
      if (viewportName === 'phone') {
        // A finger's seats: the plan is not shrunk under 44 px, its box pans, and says so.
        await wide.waitFor();
        const { scrollWidth, clientWidth } = await wide.evaluate((box) => ({
          scrollWidth: box.scrollWidth,
          clientWidth: box.clientWidth,
        }));
        expect(scrollWidth).toBeGreaterThan(clientWidth);
        // The box pans, not the page: nothing on the lan's page (its one-row section links
        // above all) widens it past the screen.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        await expect(
          seatsOf(page).getByRole('button', { name: 'Zoom out' }).isDisabled(),
        ).resolves.toBe(true);
        for (const seat of await map.getByRole('button').all()) {
          const box = await seat.boundingBox();
          expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
        }
      } else expect(await wide.count()).toBe(0);
      // A taken seat shows its label; who sits there is in its name.
      const taken = map.getByRole('button', { name: /, taken by / }).first();
      const name = (await taken.getAttribute('aria-label')) ?? '';
      expect(name).toContain(`Seat ${await taken.textContent()},`);
      expect(await axeViolations(page, seatsOf(page))).toEqual([]);

      await taken.click();
      await page.getByRole('dialog', { name: name.split(',')[0] }).waitFor();
      expect(await axeViolations(page, seatsOf(page))).toEqual([]);
      await page.keyboard.press('Escape');

      await seatsOf(page).getByRole('button', { name: 'List' }).click();
      const list = seatsOf(page).getByRole('region', { name: 'Seat list' });
      await list.waitFor();
      expect(await list.getByRole('row').count()).toBe(seating.seats.length + 1);
      if (viewportName === 'phone') {
        const box = await list.getByRole('button').first().boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
      }
      expect(await axeViolations(page, seatsOf(page))).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('two lanners racing for one seat', () => {
  it('seats one of them; the other gets a 409 naming who took it, and sees it taken', async () => {
    const { lanId, adminToken: admin } = await lanWithPlaces(
      session.browser,
      {
        name: `Seat race ${Date.now()}`,
        description: 'Two lanners, one seat (issue 34).',
        startDate: '2098-06-04T18:00:00+02:00',
        endDate: '2098-06-06T18:00:00+02:00',
      },
      ['member', 'lanner'],
      'accepted',
    );
    await callApi(admin, 'PUT', `/api/lans/${lanId}/seating`, {
      plan: { opensAt: null, locksAt: null, published: true, width: 4, height: 1 },
      seats: ['R1', 'R2', 'R3', 'R4'].map((label, x) => ({ label, x, y: 0 })),
      blocks: [],
    });

    const racers = await Promise.all(
      ['member', 'lanner'].map(async (account) => {
        const opened = await session.openAs(account, `/lans/${lanId}`);
        await mapOf(opened.page).getByRole('button', { name: 'Seat R2, free' }).click();
        const confirm = opened.page
          .getByRole('dialog', { name: 'Take seat R2?' })
          .getByRole('button', { name: 'Take seat' });
        return { account, ...opened, confirm: await confirm.elementHandle() };
      }),
    );
    // Both confirm at the same moment: both picks are under way before either is answered.
    const answers = racers.map(({ page }) =>
      page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().endsWith('/occupant'),
      ),
    );
    await Promise.all(
      racers.map(({ confirm }) => confirm?.evaluate((button) => (button as HTMLElement).click())),
    );
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status()));
    expect(statuses.toSorted()).toEqual([200, 409]);

    const winner = racers[statuses.indexOf(200)];
    const loser = racers[statuses.indexOf(409)];
    if (!winner || !loser) throw new Error('one wins and one loses');
    await seatsOf(winner.page).getByText('You sit at R2 now.').waitFor();
    await expect(seatsOf(loser.page).getByRole('alert').textContent()).resolves.toBe(
      `Seat R2 was just taken by ${winner.account}.`,
    );
    await mapOf(loser.page)
      .getByRole('button', { name: `Seat R2, taken by ${winner.account}` })
      .waitFor();
    expect(winner.errors).toEqual([]);
    // The loser's browser logs the 409 it was answered; nothing else.
    expect(loser.errors.filter((error) => !error.includes('status of 409'))).toEqual([]);

    // The lan gone under them, both are told so on the upcoming lans (spec §2), which is
    // where the test leaves them: axe reads them there once they show it.
    await callApi(admin, 'DELETE', `/api/lans/${lanId}`);
    for (const { page } of racers) {
      await page.waitForURL(siteUrl('/lans/upcoming'));
      await waitForApp(page);
      await page.getByText('That lan does not exist').waitFor();
    }
  }, 90_000);
});

describe('seating a clan together', () => {
  // member leads a clan with lanner, at a lan of this file's own, seated apart: R1 and R4.
  let lanId = 0;
  let adminToken = '';
  let memberToken = '';
  let clan = { id: 0, name: '', code: '' };

  beforeAll(async () => {
    ({ lanId, adminToken } = await lanWithPlaces(
      session.browser,
      {
        name: `Clan seating ${Date.now()}`,
        description: 'A clan seated apart, brought together (issue 51).',
        startDate: '2098-07-02T18:00:00+02:00',
        endDate: '2098-07-04T18:00:00+02:00',
      },
      ['member', 'lanner'],
      'accepted',
    ));
    const plan = await callApi<Seating>(adminToken, 'PUT', `/api/lans/${lanId}/seating`, {
      plan: { opensAt: null, locksAt: null, published: true, width: 6, height: 1 },
      seats: ['R1', 'R2', 'R3', 'R4', 'R5', 'R6'].map((label, x) => ({ label, x, y: 0 })),
      blocks: [],
    });
    memberToken = await accessTokenOf(session.browser, 'member');
    const lannerToken = await accessTokenOf(session.browser, 'lanner');
    clan = await callApi(memberToken, 'POST', '/api/clans', {
      name: `Seaters ${lanId}`,
      tag: `S${lanId}`.slice(-5),
      colour: '#1e6fd9',
    });
    await callApi(lannerToken, 'POST', `/api/clans/${clan.id}/members`, { code: clan.code });
    for (const [token, label] of [
      [memberToken, 'R1'],
      [lannerToken, 'R4'],
    ] as const) {
      const me = await callApi<{ id: number }>(token, 'GET', '/api/users/me');
      const seatId = plan.seats.find((seat) => seat.label === label)?.id;
      await callApi(token, 'PUT', `/api/lans/${lanId}/seats/${seatId}/occupant`, {
        userId: me.id,
      });
    }
  }, 90_000);

  afterAll(async () => {
    if (clan.id) await callApi(memberToken, 'DELETE', `/api/clans/${clan.id}`);
    if (lanId) await callApi(adminToken, 'DELETE', `/api/lans/${lanId}`);
  });

  const whereTheySit = async () => {
    const seating = (await (await fetch(siteUrl(`/api/lans/${lanId}/seating`))).json()) as Seating;
    return seating.seats.flatMap((seat) =>
      seat.occupant ? [`${seat.occupant.nickname} ${seat.label}`] : [],
    );
  };
  /** "Seat my clan together", those seated too: the dialog saying who would move where. */
  const askForPlan = async (page: Page) => {
    await seatsOf(page).getByRole('checkbox', { name: 'Move those already seated too' }).check();
    await seatsOf(page).getByRole('button', { name: 'Seat my clan together…' }).click();
    const dialog = page.getByRole('dialog', { name: `Seat ${clan.name} together?` });
    await dialog.waitFor();
    await expect(dialog.getByRole('listitem').allTextContents()).resolves.toEqual([
      'lanner moves from R4 to R2',
    ]);
    return dialog;
  };

  it('says who would move where, and moves nobody on a No (wide screen)', async () => {
    const { page, errors } = await session.openAs('member', `/lans/${lanId}`, viewports.desktop);
    const dialog = await askForPlan(page);
    expect(await axeViolations(page, seatsOf(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await whereTheySit()).toEqual(['member R1', 'lanner R4']);
    expect(errors).toEqual([]);
  });

  it('moves them on a Yes, and then tells the clan it sits together (phone)', async () => {
    const { page, errors } = await session.openAs('member', `/lans/${lanId}`, viewports.phone);
    const dialog = await askForPlan(page);
    expect(await axeViolations(page, seatsOf(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Seat them' }).click();
    await seatsOf(page)
      .getByText(`${clan.name} sits together now, in the row at line 1.`)
      .waitFor();
    expect(await whereTheySit()).toEqual(['member R1', 'lanner R2']);
    await seatsOf(page).getByRole('button', { name: 'Seat my clan together…' }).click();
    await seatsOf(page)
      .getByText(`${clan.name} sits together already, in the row at line 1: nobody moves.`)
      .waitFor();
    expect(await whereTheySit()).toEqual(['member R1', 'lanner R2']);
    expect(await axeViolations(page, seatsOf(page))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
