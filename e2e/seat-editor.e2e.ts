import type { Seating } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';

const session = useBrowser();
const { openAs } = session;

/** A new active lan, far after the demo's, made on the admin screens: its id. */
async function createLan(name: string): Promise<number> {
  const { page, errors } = await openAs('lanadmin', '/admin/lans/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  // Far ahead, after the demo's lans: lans.e2e.ts looks for the demo lan `lanner` is on.
  await page.getByLabel('Start date').fill('2096-04-03T18:00');
  await page.getByLabel('End date').fill('2096-04-05T18:00');
  await page.getByRole('button', { name: 'Create lan' }).click();
  await page.waitForURL(/\/admin\/lans\/\d+$/);
  const lanId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Deactivate' }).waitFor();
  expect(errors).toEqual([]);
  return lanId;
}

/*
 * The lan administrators' seat plan editor (issue 34): a lan without a plan gets one, a
 * row of twelve seats in one step, published for everyone to see.
 */
describe('the seat plan editor', () => {
  it('makes a plan with a row of seats, publishes it, and the lan’s plan is that', async () => {
    const name = `Seated lan ${Date.now()}`;
    const lanId = await createLan(name);
    const { page, errors } = await openAs('lanadmin', `/admin/lans/${lanId}`);
    await page.getByRole('link', { name: 'Seat plan' }).click();
    await page.waitForURL(`**/admin/lans/${lanId}/seats`);
    await page.getByText('This lan has no seat plan yet.').waitFor();

    const rows = page.getByRole('form', { name: 'Add a row or table' });
    await expect(rows.getByLabel('Label prefix').inputValue()).resolves.toBe('A');
    await rows.getByRole('button', { name: 'Add row' }).click();
    await page.getByRole('button', { name: 'Seat A12, Row A, free' }).waitFor();
    await page.getByText('Unsaved changes').waitFor();

    // A1 dragged two cells down, by a real pointer.
    const first = page.getByRole('button', { name: 'Seat A1, Row A, free' });
    await first.evaluate((seat) => seat.scrollIntoView({ block: 'center' }));
    const box = await first.boundingBox();
    if (!box) throw new Error('Seat A1 is not on the screen');
    const cell = box.height + 4;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 2 * cell, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('region', { name: 'Seat A1' }).getByText('column 1, row 3').waitFor();

    await page.getByRole('checkbox', { name: /^Published/ }).check();
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('The plan is saved and published.').waitFor();
    await page.getByText('All changes saved').waitFor();

    // Anyone may now read it: the lan is active and the plan published.
    const response = await fetch(siteUrl(`/api/lans/${lanId}/seating`));
    expect(response.status).toBe(200);
    const seating = (await response.json()) as Seating;
    expect(seating.plan.published).toBe(true);
    expect(seating.blocks.map((block) => block.name)).toEqual(['Row A']);
    const blockId = seating.blocks[0]?.id;
    // By label: the server lists them as they stand, row by row.
    const seats = seating.seats
      .map((seat) => [seat.label, seat.x, seat.y, seat.blockId])
      .sort(([one], [other]) => String(one).localeCompare(String(other), 'en', { numeric: true }));
    expect(seats).toEqual(
      Array.from({ length: 12 }, (_, index) => [
        `A${index + 1}`,
        index,
        index === 0 ? 2 : 0,
        blockId,
      ]),
    );
    // The plan's 404 while it had none is the answer the editor expects.
    expect(errors).toEqual([]);
  }, 60_000);

  it.each([
    ['a phone', viewports.phone],
    ['a wide screen', viewports.desktop],
  ])('has nothing axe finds on %s, a seat selected', async (_name, viewport) => {
    // The demo's upcoming lan has a published plan with people seated.
    const lans = (await (await fetch(siteUrl('/api/lans?sort=start-date&limit=20'))).json()) as {
      items: { id: number }[];
    };
    let lanId: number | undefined;
    for (const lan of lans.items) {
      if ((await fetch(siteUrl(`/api/lans/${lan.id}/seating`))).ok) {
        lanId = lan.id;
        break;
      }
    }
    expect(lanId).toBeDefined();
    const { page, errors, settled } = await openAs(
      'lanadmin',
      `/admin/lans/${lanId}/seats`,
      viewport,
    );
    const seat = page.getByRole('button', { name: /, taken by / }).first();
    const seatName = (await seat.getAttribute('aria-label')) ?? '';
    // A taken seat shows its label, and its name holds it.
    expect(seatName).toContain(`Seat ${await seat.textContent()},`);
    await settled();
    // Nothing to save: the save bar covers nothing, it ends the page.
    const saveBar = page.getByRole('region', { name: 'Saving the plan' });
    await expect(saveBar.evaluate((bar) => getComputedStyle(bar).position)).resolves.toBe('static');
    await seat.click();
    // The panel (beside the plan, under it on a phone) is headed with the seat: "Seat A5".
    const heading = page.getByRole('heading', { name: seatName.split(',')[0], exact: true });
    await heading.waitFor();
    if (viewport === viewports.phone) {
      // A finger's seats, and the chosen seat's panel in sight with the seat.
      const grid = page.getByRole('region', { name: /^Plan grid/ });
      for (const each of await grid.getByRole('button', { name: /^Seat / }).all()) {
        const box = await each.boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
      }
      const inSight = async (element: typeof seat) => {
        const box = await element.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= viewport.height;
      };
      await expect(inSight(heading)).resolves.toBe(true);
      await expect(inSight(seat)).resolves.toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
