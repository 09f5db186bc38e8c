import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';

const session = useBrowser();
const { openAs } = session;

/** A folder to save screenshots in (for a review), if set. */
const shots = process.env.OFFLINE_SHOTS_DIR;
const shoot = (region: Locator, name: string) =>
  shots ? region.screenshot({ path: path.join(shots, `${name}.png`) }) : undefined;

/** The demo's open lan: the upcoming lan whose food round is open, where `member` is accepted. */
async function openLanWithFood(): Promise<number> {
  const lans = (await (await fetch(siteUrl('/api/lans?limit=50'))).json()) as {
    items: { id: number }[];
  };
  for (const { id } of lans.items.toReversed()) {
    const rounds = (await (await fetch(siteUrl(`/api/lans/${id}/food-rounds`))).json()) as {
      state: string;
    }[];
    if (rounds.some((round) => round.state === 'open')) return id;
  }
  throw new Error('the demo has no open food round');
}

/*
 * A food round as a lan night goes (issue 54): the organiser opens one with a menu; a
 * participant orders on a phone in a few taps; the organiser reads the call to make, takes
 * the money at the desk, closes the round and says the food is here; the participant's
 * page shows what they ordered, paid. Axe reads every page as the test leaves it.
 */
describe('a food round', () => {
  it('goes from the menu to the phone’s order to the call, the desk and “food is here”', async () => {
    const lanId = await openLanWithFood();
    const supplier = `Sushi Zen ${Date.now()}`;
    const admin = await openAs('lanadmin', `/admin/lans/${lanId}`);
    const food = admin.page.getByRole('region', { name: 'Food' });
    await food.getByRole('button', { name: 'Open a food round' }).click();
    const form = food.getByRole('form', { name: 'Open a food round' });
    await form.getByLabel('Supplier').fill(supplier);
    await form.getByLabel('Item 1', { exact: true }).fill('Maki');
    await form.getByLabel('Price (€)').fill('6');
    await form.getByRole('button', { name: 'Open the round' }).click();
    const round = food.getByRole('article', { name: supplier });
    await round.waitFor();

    const member = await openAs('member', `/lans/${lanId}#food`, viewports.phone);
    const card = member.page.getByRole('article', { name: supplier });
    await card.getByRole('button', { name: 'Add Maki' }).click();
    await card.getByRole('button', { name: 'One Maki more' }).click();
    await card.getByRole('textbox', { name: 'Note for Maki' }).fill('No wasabi');
    await shoot(card, 'food-order-phone');
    await card.getByRole('button', { name: 'Place my order' }).click();
    await card.getByText('Your order is in: €12.00, pay at the desk.').waitFor();

    // The organiser's panel follows the order live: the call to make, who pays what.
    const call = round.getByRole('table', { name: `For the call to ${supplier}` });
    await call.getByRole('row', { name: '2 × Maki €12.00' }).waitFor();
    const paid = round.getByRole('checkbox', { name: 'member paid €12.00' });
    await paid.click();
    await round.getByText('Still to pay €0.00').waitFor();
    expect(await paid.isChecked()).toBe(true);
    await round.getByRole('button', { name: 'Close now' }).click();
    await round.getByRole('button', { name: 'Food arrived' }).click();
    await round.getByText('One orderer was told.').waitFor();
    await shoot(round, 'food-organiser-desktop');

    // The phone follows too: ordered and paid, and told the food is here.
    await card.getByText('Ordered — €12.00, paid').waitFor();
    await card.getByText('The food is here').waitFor();
  });
});
