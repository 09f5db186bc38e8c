import { describe, expect, it } from 'vitest';
import { collectPageErrors, openContext, viewports } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { signInOnPage, waitForApp } from './support/sign-in.ts';

const session = useBrowser();

describe('two tabs of the site', () => {
  it('both follow a sign-out in one of them, and the sign-in after it', async () => {
    // Signed in through the pages, not with a saved session: signing out ends this one.
    const context = await openContext(session.browser, { viewport: viewports.desktop });
    const { page: first, errors } = await session.newPage(context);
    await first.goto(siteUrl('/lans/upcoming'));
    await signInOnPage(first, 'visitor');
    await waitForApp(first);
    // A second tab of the same browser: it shares the first one's storage.
    const second = await context.newPage();
    const secondErrors = collectPageErrors(second);
    await second.goto(siteUrl('/profile'));
    await waitForApp(second);

    await first.getByRole('button', { name: 'Sign out' }).click();
    await second.getByRole('status').filter({ hasText: 'You are signed out' }).waitFor();
    expect(await second.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // The first tab ends the session at the provider and comes back to its sign-in form.
    await first.getByLabel('Username').waitFor();
    await signInOnPage(first, 'visitor');
    await waitForApp(first);
    // The second tab starts again, signed in, on the page it showed.
    await waitForApp(second);
    expect(new URL(second.url()).pathname).toBe('/profile');
    expect([...errors, ...secondErrors]).toEqual([]);
  });
});
