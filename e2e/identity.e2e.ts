import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openContext, viewports } from './support/browser.ts';
import { seriousAxeViolations, useBrowser } from './support/browser-session.ts';
import { demoDataDir, emptySiteUrl, siteUrl } from './support/provided-context.ts';
import {
  createAccountOnPage,
  signedInContext,
  signInOnPage,
  waitForApp,
} from './support/sign-in.ts';

const session = useBrowser();
const { newPage } = session;

describe('the first account', () => {
  it('is created on an empty site and becomes its administrator', async () => {
    const { page, errors } = await newPage(
      await openContext(session.browser, { viewport: viewports.desktop }),
    );
    await page.goto(emptySiteUrl('/lans/upcoming'));
    await page.getByText('the first account created becomes the site').waitFor();
    await createAccountOnPage(page, 'founder');
    await page.waitForURL(emptySiteUrl('/lans/upcoming'));
    await page
      .getByRole('navigation', { name: 'User' })
      .getByRole('link', { name: 'Admin' })
      .waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a visitor without roles', () => {
  it('is told to get verified as a lanner', async () => {
    const { page, errors } = await newPage(
      await signedInContext(session.browser, siteUrl(), 'visitor'),
    );
    await page.goto(siteUrl('/lans/upcoming'));
    await page.getByText('Please get an admin to verify you as a lanner.').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a new lanner-to-be', () => {
  it('completes the profile, verifies the e-mail from the mail file, and is made a lanner', async () => {
    // A new account on the demo site: incomplete profile, unverified address, no roles.
    const { page, errors } = await newPage(
      await openContext(session.browser, { viewport: viewports.desktop }),
    );
    await page.goto(siteUrl('/profile'));
    const username = `newbie${Date.now() % 100000}`;
    await createAccountOnPage(page, username);
    await page.waitForURL(siteUrl('/profile'));
    await page
      .getByText("Please verify and complete your profile to participate in the lan-party's.")
      .waitFor();

    // Bad input first: nothing is saved and the messages say why.
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Surname is required').waitFor();

    // Then good input.
    await page.getByLabel('First name').fill('Nova');
    await page.getByLabel('Surname').fill('Blaster');
    await page.getByLabel('City').fill('Utrecht');
    await page.getByLabel('Birth date').fill('2001-02-03');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(
        'Please verify your email by clicking on the link send to your provided email address.',
      )
      .waitFor();

    // The link from the mail (an .eml file in the data folder without SMTP).
    const link = await findVerificationLink(`${username}@example.org`);
    await page.goto(link);
    await page.getByText('Email address actived.').waitFor();
    await page.getByText('Please get an admin to verify you as a lanner.').waitFor();

    // An administrator grants Lanner.
    const admin = await newPage(await signedInContext(session.browser, siteUrl(), 'memberadmin'));
    await admin.page.goto(siteUrl('/admin/users'));
    await admin.page.getByLabel('Search by nickname').fill(username);
    await admin.page.getByRole('link', { name: username }).click();
    await admin.page.getByRole('checkbox', { name: 'Lanner' }).check();
    await admin.page.getByRole('button', { name: /save roles/i }).click();
    await admin.page
      .getByRole('dialog')
      .getByRole('button', { name: /save|confirm|yes/i })
      .click();
    await admin.page.getByText(/saved/i).first().waitFor();

    // The lanner's notification goes away on the next visit.
    await page.goto(siteUrl('/lans/upcoming'));
    await waitForApp(page);
    await expect(
      page.getByText('Please get an admin to verify you as a lanner.').count(),
    ).resolves.toBe(0);
    await page
      .getByRole('navigation', { name: 'User' })
      .getByRole('link', { name: username })
      .waitFor();
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});

/** Waits for the outbox to write the mail, then reads the link out of the .eml file. */
async function findVerificationLink(address: string): Promise<string> {
  const folder = `${demoDataDir()}/mail`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      for (const file of readdirSync(folder)) {
        const raw = readFileSync(`${folder}/${file}`, 'utf8');
        if (!raw.includes(`To: ${address}`)) continue;
        const unfolded = raw.replace(/=\r?\n/g, '');
        const match = /https?:\/\/[^\s"<>]+\/profile\/email-verification\/[A-Za-z0-9_-]+/.exec(
          unfolded,
        );
        if (match) return match[0];
      }
    } catch {
      // the folder appears with the first mail
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail for ${address}`);
}

describe('a visitor who is not signed in', () => {
  it('reaches the sign-in form without downloading the app, and comes back to the page asked for', async () => {
    const context = await openContext(session.browser, { viewport: viewports.desktop });
    const { page, errors } = await newPage(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(siteUrl('/lanners'));
    await page.getByLabel('Username').waitFor();
    expect(scripts.some((script) => script.includes('/sign-in-first-'))).toBe(true);
    expect(scripts.some((script) => /\/assets\/index-/.test(script))).toBe(false);

    await signInOnPage(page, 'member');
    await page.waitForURL(siteUrl('/lanners'));
    await waitForApp(page);
    // The app tells the server, which sends the app's own page from now on.
    const cookies = await context.cookies();
    expect(cookies).toContainEqual(
      expect.objectContaining({ name: 'lanparty-signed-in', value: '1' }),
    );
    scripts.length = 0;
    await page.reload();
    await waitForApp(page);
    expect(scripts.some((script) => script.includes('/sign-in-first-'))).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('the demo accounts', () => {
  const expectations: Array<[string, { stats: boolean; admin: boolean; profile: boolean }]> = [
    // A SystemAdministrator passes every role check, on both sides (decision 019).
    // The profile link is shown for Lanner (spec §6, issue 50 §1).
    ['admin', { stats: true, admin: true, profile: true }],
    ['lanadmin', { stats: false, admin: true, profile: false }],
    ['memberadmin', { stats: false, admin: true, profile: false }],
    ['member', { stats: true, admin: false, profile: true }],
    ['lanner', { stats: true, admin: false, profile: true }],
    ['visitor', { stats: false, admin: false, profile: false }],
  ];
  it.each(expectations)('%s sees what the role allows', async (account, allowed) => {
    const { page, errors } = await newPage(
      await signedInContext(session.browser, siteUrl(), account),
    );
    await page.goto(siteUrl('/lans/upcoming'));
    await waitForApp(page);
    const count = (name: string | RegExp) =>
      page.getByRole('link', { name, exact: typeof name === 'string' }).count();
    expect((await count('Stats')) > 0).toBe(allowed.stats);
    // "Admin", or "Admin, 2 sign-ups waiting" for those who verify new lanners.
    expect((await count(/^Admin\b/)) > 0).toBe(allowed.admin);
    expect((await count(account)) > 0).toBe(allowed.profile);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('accessibility of the identity screens', () => {
  it.each([
    ['the sign-in page', '/lans/upcoming', undefined],
    ['the profile page', '/profile', 'member'],
    ['the lanners page', '/lanners', 'member'],
    ['the users admin', '/admin/users', 'memberadmin'],
  ])('has no serious or critical axe violation on %s', async (_name, path, account) => {
    const context = account
      ? await signedInContext(session.browser, siteUrl(), account, { viewport: viewports.phone })
      : await openContext(session.browser, { viewport: viewports.phone });
    const { page } = await newPage(context);
    await page.goto(siteUrl(path));
    if (account) await waitForApp(page);
    else await page.getByLabel('Username').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
