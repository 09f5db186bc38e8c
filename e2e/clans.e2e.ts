import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { axeViolations, type OpenedPage, useBrowser } from './support/browser-session.ts';
import { siteUrl } from './support/provided-context.ts';
import { bearerTokenOf } from './support/sign-in.ts';

const session = useBrowser();

type ListedLan = { id: number; subscribers: Array<{ user: { nickname: string } }> };

/** The demo community's open lan: the demo `member` is accepted there, `lanner` pending. */
async function findOpenLanId(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(siteUrl(`/api/lans?sinceDate=${today}&sort=start-date&limit=20`));
  const lans = ((await response.json()) as { items: ListedLan[] }).items;
  const lan = lans.find((candidate) =>
    candidate.subscribers.some((subscriber) => subscriber.user.nickname === 'lanner'),
  );
  if (!lan) throw new Error('the demo community has no lan with the demo lanner');
  return lan.id;
}

/** Opens `path` as `account` at a phone's and a desktop's width; axe finds nothing on either. */
async function expectAccessibleAtBothWidths(account: string, path: string, ready: string) {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    const { page, errors, settled } = await session.openAs(account, path, viewport);
    await page.getByRole('main').getByText(ready, { exact: false }).first().waitFor();
    await settled();
    expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
    expect(errors).toEqual([]);
  }
}

describe('clans (issue 34)', () => {
  it('a lanner creates a clan, a friend joins with its invite link, and its tag stands beside both on the lan', async () => {
    // A name and tag no other run of this test has left behind.
    const suffix = String(Date.now() % 10_000).padStart(4, '0');
    const name = `Night Owls ${suffix}`;
    const tag = `NO${suffix}`;
    let leader: OpenedPage | undefined;
    let clanPath = '';

    try {
      // The demo member, in no clan, creates one and lands on its page.
      leader = await session.openAs('member', '/clans');
      const form = leader.page.getByRole('form', { name: 'New clan' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Tag', { exact: true }).fill(tag);
      await form.getByLabel('Colour', { exact: true }).fill('#0e9f6e');
      await form.getByRole('button', { name: 'Create clan' }).click();
      await leader.page.getByRole('heading', { level: 1, name }).waitFor();
      clanPath = new URL(leader.page.url()).pathname;
      expect(clanPath).toMatch(/^\/clans\/\d+$/);
      await leader.page.getByText(`${name} is created`).waitFor();

      // Its leader copies the whole invite link.
      const invite = leader.page.getByRole('region', { name: 'Invite link' });
      const inviteUrl = await invite.getByLabel('Link').inputValue();
      expect(inviteUrl).toMatch(new RegExp(`^${siteUrl(clanPath)}/join/[\\w-]{22,}$`));
      await leader.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await invite.getByRole('button', { name: 'Copy link' }).click();
      await invite.getByText('The link is copied.').waitFor();
      await expect(leader.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
        inviteUrl,
      );

      // The clans and the invite link's page, as the lanner still in no clan sees them.
      await expectAccessibleAtBothWidths('lanner', '/clans', name);
      const invitePath = new URL(inviteUrl).pathname;
      await expectAccessibleAtBothWidths('lanner', invitePath, `Join ${name}?`);

      // The demo lanner follows the link and joins.
      const friend = await session.openAs('lanner', invitePath);
      await friend.page.getByRole('heading', { level: 1, name: `Join ${name}?` }).waitFor();
      await friend.page.getByRole('button', { name: `Join ${name}` }).click();
      await friend.page.waitForURL(siteUrl(clanPath));
      await friend.page.getByText(`Welcome to ${name}!`).waitFor();
      const members = friend.page.getByRole('region', { name: /^Members/ });
      await members.getByRole('heading', { level: 3, name: `lanner ${tag}` }).waitFor();
      await members.getByRole('heading', { level: 3, name: `member ${tag}` }).waitFor();
      expect(friend.errors).toEqual([]);

      // The leader's page, with a member to run, at both widths.
      await expectAccessibleAtBothWidths('member', clanPath, 'Make seat manager');

      // The lan both are subscribed to shows the tag beside both nicknames.
      const lan = await session.openAs('member', `/lans/${await findOpenLanId()}`);
      const subscribers = lan.page.getByRole('region', { name: 'Subscribers' });
      await subscribers.getByRole('cell', { name: `member ${tag}` }).waitFor();
      await subscribers.getByRole('cell', { name: `lanner ${tag}` }).waitFor();
      expect(lan.errors).toEqual([]);

      // The leader disbands it, asked first; the clans no longer list it.
      await leader.page.reload();
      await leader.page.getByRole('button', { name: `Disband ${name}` }).click();
      const dialog = leader.page.getByRole('dialog', { name: `Disband ${name}?` });
      await dialog.getByText('Its 2 members are in no clan afterwards.').waitFor();
      await dialog.getByRole('button', { name: 'Disband', exact: true }).click();
      await leader.page.waitForURL(siteUrl('/clans'));
      await leader.page.getByText(`${name} is disbanded.`).waitFor();
      await leader.page.getByRole('article', { name: 'Pixel Pirates' }).waitFor();
      await expect(leader.page.getByRole('article', { name }).count()).resolves.toBe(0);
      expect(leader.errors).toEqual([]);
      clanPath = '';
    } finally {
      // The demo community stays as the other tests expect it: member and lanner in no clan.
      if (clanPath && leader) {
        const token = await bearerTokenOf(leader.page);
        await fetch(siteUrl(`/api${clanPath}`), {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${token}` },
        });
      }
    }
  }, 180_000);
});
