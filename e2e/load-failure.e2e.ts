import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';

const { openAs } = useBrowser();

/*
 * A failed load (issue 13): the screen says what failed in words — never the bare
 * "Internal Server Error" a proxy answers with — offers Try again, and keeps the
 * navigation, so the visitor is never stuck on a dead page.
 */
describe('a page whose data cannot be loaded', () => {
  it('says what failed, keeps the navigation, and loads on Try again', async () => {
    const { page, errors } = await openAs('member', '/lanners', viewports.phone);
    // From now on the lans fail as a proxy in front of a stopped server would answer.
    let isDown = true;
    await page.route(/\/api\/lans\?/, (route) =>
      isDown
        ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Internal Server Error' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: /menu/i }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Lans', exact: true })
      .click();

    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByText('The upcoming lans could not be loaded.').waitFor();
    await alert.getByText('The server had a problem answering.').waitFor();
    expect(await page.getByText('Internal Server Error').count()).toBe(0);
    await page.getByRole('button', { name: /menu/i }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Lanners' })
      .waitFor();
    await page.keyboard.press('Escape');

    isDown = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    // The failed loads are the only console errors.
    expect(errors.every((error) => error.includes('502'))).toBe(true);
  });
});
