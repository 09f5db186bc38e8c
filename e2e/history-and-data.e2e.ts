import { describe, expect, it } from 'vitest';
import { accessTokenOf, callApi } from './support/api.ts';
import { downloadedBytes, openContext, viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { bearerTokenOf, createAccountOnPage, newAccountPassword } from './support/sign-in.ts';

const session = useBrowser();

/*
 * A person's history and data (issue 36) in Chromium: the demo account `member` (present
 * at the demo's past lans but two, Steam linked with consent) sees its lans, streaks,
 * badges, the Steam playtime switch and its data at a phone's and a desktop's width, with
 * nothing axe finds; a new account downloads its data (indented, each part said) and erases
 * itself, lands on the page that says so (nothing for axe at either width), and its token is
 * refused from then on.
 */
describe('the profile’s history and data', () => {
  it('shows the history, badges, consent and data at 375 and 1280 px, nothing for axe', async () => {
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, errors, settled } = await session.openAs('member', '/profile', viewport);
      const history = page.getByRole('region', { name: 'Your History' });
      await history.getByText('Lans attended').waitFor();
      expect(await history.getByText(/lans in a row/).count()).toBeGreaterThan(0);
      expect(await history.getByRole('listitem').count()).toBe(16);
      const badges = page.getByRole('region', { name: 'Badges' });
      await badges.getByRole('img', { name: 'First lan badge' }).waitFor();
      await page
        .getByRole('region', { name: 'Steam Playtime' })
        .getByRole('switch', {
          name: 'Record my Steam playtime for the leaderboards and the rewind',
        })
        .waitFor();
      await page.getByRole('button', { name: 'Download my data' }).waitFor();
      await settled();
      expect(await axeViolations(page), `profile at ${viewport.width} px`).toEqual([]);

      await page.getByRole('button', { name: 'Erase my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase the account of member?' });
      await dialog.getByLabel('Password').waitFor();
      expect(await axeViolations(page), `erase dialog at ${viewport.width} px`).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep my account' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    }
  });

  it('offers a member administrator to erase a lanner’s account after a confirmation, nothing for axe', async () => {
    const lanner = await callApi<{ id: number }>(
      await accessTokenOf(session.browser, 'lanner'),
      'GET',
      '/api/users/me',
    );
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, errors, settled } = await session.openAs(
        'memberadmin',
        `/admin/users/${lanner.id}`,
        viewport,
      );
      const section = page.getByRole('region', { name: 'Erase account' });
      await section.getByRole('button', { name: 'Erase account…' }).click();
      const dialog = page.getByRole('dialog', { name: /^Erase the account of / });
      await dialog.getByText('This cannot be undone.').waitFor();
      await settled();
      expect(await axeViolations(page), `admin erase at ${viewport.width} px`).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    }
  });

  it('a new account downloads its data, then erases itself with its password', async () => {
    const context = await openContext(session.browser, {
      viewport: viewports.desktop,
      acceptDownloads: true,
    });
    const { page, errors } = await session.newPage(context);
    await page.goto(siteUrl('/profile'));
    const username = `leaver${Date.now() % 100000}`;
    await createAccountOnPage(page, username);
    await page.waitForURL(siteUrl('/profile'));
    const token = await bearerTokenOf(page);

    await page.getByRole('region', { name: 'Your Data' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const text = (await downloadedBytes(await download)).toString('utf8');
    // For a person to read: indented, and saying what it holds.
    expect(text).toMatch(/^\{\n {2}"about": \{\n {4}"file": "Everything Lanparty holds about you/);
    const exported = JSON.parse(text) as {
      userId: number;
      about: { parts: Record<string, string> };
      data: Record<string, Record<string, unknown>[]>;
    };
    expect(Object.keys(exported.about.parts).sort()).toEqual(Object.keys(exported.data).sort());
    expect(exported.data.users?.[0]).toMatchObject({ id: exported.userId, nickname: username });
    expect(exported.data.local_accounts?.[0]).toMatchObject({ username });
    expect(exported.data.local_accounts?.[0]).not.toHaveProperty('password_hash');
    for (const table of ['subscribers', 'playtimes', 'user_badges', 'consents', 'clan_members'])
      expect(exported.data[table], table).toEqual([]);

    await page.getByRole('button', { name: 'Erase my account…' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase the account of ${username}?` });
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Erase my account' }).click();
    await dialog.getByRole('alert').getByText('The password is not right.').waitFor();
    await dialog.getByLabel('Password').fill(newAccountPassword);
    await dialog.getByRole('button', { name: 'Erase my account' }).click();
    // Signed out onto the page that says so, not the sign-in form: what went, what stays.
    await page.waitForURL(siteUrl('/account-erased'));
    await page.getByRole('heading', { level: 1, name: 'Your account is erased' }).waitFor();
    await page.getByRole('region', { name: 'What stays, without your name' }).waitFor();
    // A page of its own, in the site's look: the theme's stylesheet came with it.
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      ),
    ).not.toBe('');
    for (const viewport of [viewports.desktop, viewports.phone]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page), `erased page at ${viewport.width} px`).toEqual([]);
    }
    // Shown again on reload, signed out, without asking to sign in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your account is erased' }).waitFor();
    await page.getByRole('link', { name: 'Go to Lanparty' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    const refused = await fetch(siteUrl('/api/users/me'), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe('This account was erased.');
    // The refused password (400) and the old token (401) are the console's only complaints.
    expect(errors.filter((error) => !/status of (400|401)/.test(error))).toEqual([]);
  });
});
