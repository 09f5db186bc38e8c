import { beforeAll, describe, expect, it } from 'vitest';
import { openContext, viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';

const session = useBrowser();

/**
 * The first link on `path` whose address matches, as a path (a demo lan, a user). The
 * page's heading shows before its list has loaded, so this waits for such a link.
 */
async function firstLinkTo(account: string, path: string, pattern: RegExp): Promise<string> {
  const { page } = await session.openAs(account, path);
  const found = await page
    .waitForFunction(
      (source) =>
        [...document.querySelectorAll('main a[href]')]
          .map((link) => link.getAttribute('href') ?? '')
          .find((href) => new RegExp(source).test(href)),
      pattern.source,
      { timeout: 20_000 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => undefined);
  if (!found) throw new Error(`no link like ${pattern} on ${path}`);
  return found;
}

/*
 * Issue 13: axe finds nothing on any page, at phone and desktop width — not only the
 * serious and critical findings. Each page as someone who may see it: the public pages as
 * a member (a ticket, stats, a rewind), the administration as a system administrator.
 */
describe('accessibility of every page', () => {
  // `notFound`: the one address the page is answered 404 for, as it should be (Chromium
  // logs it as an error).
  const pages: Array<{ name: string; account: string; path: () => string; notFound?: string }> = [];
  const ids = { upcomingLan: '', pastLan: '', user: '', rewind: '' };

  beforeAll(async () => {
    ids.upcomingLan = await firstLinkTo('member', '/lans/upcoming', /^\/lans\/\d+$/);
    ids.pastLan = await firstLinkTo('member', '/lans/archive', /^\/lans\/\d+$/);
    ids.user = await firstLinkTo('admin', '/admin/users', /^\/admin\/users\/\d+$/);
  }, 60_000);

  const add = (name: string, account: string, path: () => string, notFound?: string) =>
    pages.push({ name, account, path, notFound });
  add('upcoming lans', 'member', () => '/lans/upcoming');
  add('an upcoming lan with a ticket', 'member', () => ids.upcomingLan);
  add('a past lan', 'member', () => ids.pastLan);
  add('the lan archive', 'member', () => '/lans/archive');
  add('the lanners', 'member', () => '/lanners');
  add('the profile', 'member', () => '/profile');
  add('the changelog', 'member', () => '/changelog');
  add('unauthorized', 'visitor', () => '/unauthorized');
  add('a lan not found', 'admin', () => '/admin/lans/99999', '/api/lans/99999');
  add("a month's leaderboard", 'member', () => '/stats/leader-board');
  add('the leaderboard archive', 'member', () => '/stats/leader-board/archive');
  add('a rewind', 'member', () => `/stats/rewinds/${new Date().getFullYear() - 1}`);
  add('the admin lans', 'admin', () => '/admin/lans');
  add('a new lan', 'admin', () => '/admin/lans/new');
  add('an admin lan', 'admin', () => `/admin${ids.upcomingLan}`);
  add('the door check-in', 'admin', () => `/admin${ids.upcomingLan}/check-in`);
  add('the seat plan editor', 'admin', () => `/admin${ids.upcomingLan}/seats`);
  add('the users', 'admin', () => '/admin/users');
  add('a user', 'admin', () => ids.user);
  add('the sign-ups', 'admin', () => '/admin/sign-ups');

  for (const viewportName of ['phone', 'desktop'] as const) {
    it.each(pages.map((page) => [page.name, page] as const))(
      `has no axe violation on %s (${viewportName})`,
      async (_name, { account, path, notFound }) => {
        const { page, errors, settled } = await session.openAs(
          account,
          path(),
          viewports[viewportName],
        );
        // Lazy parts (a QR code, a leaderboard) settle before axe reads the page.
        await settled();
        expect(await axeViolations(page)).toEqual([]);
        const isExpected = (error: string) =>
          notFound !== undefined && error.includes('status of 404') && error.includes(notFound);
        expect(errors.filter((error) => !isExpected(error))).toEqual([]);
      },
    );
  }

  it.each([
    ['the sign-in page', '/lans/upcoming'],
    ['the account creation page', '/lans/upcoming'],
  ])('has no axe violation on %s (phone and desktop)', async (name, path) => {
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page } = await session.newPage(await openContext(session.browser, { viewport }));
      await page.goto(siteUrl(path));
      await page.getByLabel('Username').waitFor();
      if (name === 'the account creation page') {
        await page.getByRole('link', { name: /create an account/i }).click();
        await page.getByLabel('Repeat password').waitFor();
      }
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
