import type { TournamentSummary } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { accessTokenOf, callApi } from './support/api.ts';
import { viewports } from './support/browser.ts';
import { axeViolations, useBrowser } from './support/browser-session.ts';

const session = useBrowser();

/*
 * Tournaments (issue 37) in Chromium, on the demo's two: the finished duel of a past lan
 * and the double elimination under way on the next lan, where the demo account `member`
 * captains a team whose match the other side has reported. At a phone's and a desktop's
 * width, with nothing axe finds: the bracket, the report form and the match it settles
 * ("Both sides agree"), a lan administrator's controls and result dialog, the sign-up
 * forms (a participant's team, an administrator without a place entering others), the
 * final standings, and the lan page's form that makes a tournament.
 */

type Found = { lanId: number; running: TournamentSummary; finished: TournamentSummary };

async function demoTournaments(token: string): Promise<Found> {
  const lans = await callApi<{ items: { id: number }[] }>(
    token,
    'GET',
    '/api/lans?sort=start-date&limit=100',
  );
  let running: TournamentSummary | undefined;
  let finished: TournamentSummary | undefined;
  for (const lan of lans.items) {
    const tournaments = await callApi<TournamentSummary[]>(
      token,
      'GET',
      `/api/lans/${lan.id}/tournaments`,
    );
    running ??= tournaments.find((each) => each.name === 'Rocket League 2v2');
    finished ??= tournaments.find((each) => each.name === 'Quake duel');
  }
  if (!running || !finished) throw new Error('the demo has no tournaments');
  return { lanId: running.lanId, running, finished };
}

describe('tournaments', () => {
  it('shows a finished one’s bracket and standings at 375 and 1280 px, nothing for axe', async () => {
    const { finished } = await demoTournaments(await accessTokenOf(session.browser, 'lanner'));
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, errors, settled } = await session.openAs(
        'lanner',
        `/tournaments/${finished.id}`,
        viewport,
      );
      const standings = page.getByRole('region', { name: 'Final standings' });
      await standings.getByRole('listitem').first().waitFor();
      expect(await standings.getByRole('listitem').count()).toBe(8);
      const rounds = page.getByRole('list', { name: 'Quarter-finals' });
      expect(await rounds.getByRole('listitem').count()).toBe(4);
      // A phone scrolls the rounds, not the page.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
        `page width at ${viewport.width} px`,
      ).toBe(true);
      await settled();
      expect(await axeViolations(page), `finished at ${viewport.width} px`).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  // One test per width: both in one took 28 of its 30 s on a quiet machine.
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ])(
    'lets a lan administrator see the rules, set a result and make a tournament, nothing for axe (%s)',
    async (_, viewport) => {
      const { running, lanId } = await demoTournaments(
        await accessTokenOf(session.browser, 'lanadmin'),
      );
      const { page, errors, settled } = await session.openAs(
        'lanadmin',
        `/tournaments/${running.id}`,
        viewport,
      );
      const runIt = page.getByRole('region', { name: 'Run the tournament' });
      await runIt.getByRole('button', { name: 'Change the rules' }).click();
      const rules = runIt.getByRole('form', { name: 'The rules' });
      await rules.getByText(/^Fixed since the start: Double elimination/).waitFor();
      await settled();
      expect(await axeViolations(page), `the rules at ${viewport.width} px`).toEqual([]);
      await runIt.getByRole('button', { name: 'Leave the rules as they are' }).click();
      await rules.waitFor({ state: 'hidden' });
      await page
        .getByRole('button', { name: /^Set the result/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Set the result' });
      await dialog.getByLabel('Or a walkover').waitFor();
      await settled();
      expect(await axeViolations(page), `result dialog at ${viewport.width} px`).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(page.url().replace(/\/tournaments\/.*/, `/lans/${lanId}`));
      const section = page.getByRole('region', { name: 'Tournaments' });
      await section.getByRole('link', { name: 'Rocket League 2v2' }).waitFor();
      await section.getByRole('button', { name: 'New tournament' }).click();
      const form = section.getByRole('form', { name: 'New tournament' });
      await form.getByLabel('Name').waitFor();
      await settled();
      expect(await axeViolations(page), `new tournament at ${viewport.width} px`).toEqual([]);
      if (viewport === viewports.desktop) {
        await form.getByRole('button', { name: 'Make the tournament' }).click();
        await form.getByText('Name is required').waitFor();
        await form.getByLabel('Name').fill('E2E cup');
        await form.getByLabel('Game').fill('Quake III Arena');
        await form.getByLabel('Format').selectOption('round_robin');
        await form.getByLabel('Most entrants').fill('8');
        await form.getByRole('button', { name: 'Make the tournament' }).click();
        await page.getByRole('heading', { level: 1, name: 'E2E cup' }).waitFor();
        // Holding no place at the lan, they enter participants rather than sign up.
        await page
          .getByRole('region', { name: 'Sign-up' })
          .getByRole('combobox', { name: 'Participant' })
          .waitFor();
        await settled();
        expect(await axeViolations(page), 'enter a participant').toEqual([]);
      }
      expect(errors).toEqual([]);
    },
  );

  // One per width, as the lan administrator's: each opens two pages.
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ])(
    'offers a team sign-up to a participant and what a lan administrator without a place may do, nothing for axe (%s)',
    async (name, viewport) => {
      const adminToken = await accessTokenOf(session.browser, 'lanadmin');
      const { lanId } = await demoTournaments(adminToken);
      const duo = await callApi<TournamentSummary>(
        adminToken,
        'POST',
        `/api/lans/${lanId}/tournaments`,
        {
          name: `E2E duo (${name})`,
          game: 'Rocket League',
          format: 'single_elimination',
          teamSize: 2,
          maxEntrants: 8,
          bestOf: 1,
          checkIn: false,
        },
      );
      // `member` is Accepted at the next lan: they captain a team.
      const member = await session.openAs('member', `/tournaments/${duo.id}`, viewport);
      const form = member.page
        .getByRole('region', { name: 'Sign-up' })
        .getByRole('form', { name: 'Sign up a team' });
      await form.getByRole('checkbox').first().waitFor();
      await member.settled();
      expect(await axeViolations(member.page), `team sign-up at ${viewport.width} px`).toEqual([]);
      expect(member.errors).toEqual([]);

      // `lanadmin` holds no place there: no Sign up, but a team of others to enter.
      const admin = await session.openAs('lanadmin', `/tournaments/${duo.id}`, viewport);
      const signUp = admin.page.getByRole('region', { name: 'Sign-up' });
      await signUp
        .getByText(/You hold no place at .*: its tournaments are for its participants/)
        .waitFor();
      await signUp
        .getByRole('form', { name: 'Enter a team' })
        .getByRole('checkbox')
        .first()
        .waitFor();
      expect(await signUp.getByRole('button', { name: 'Sign up the team' }).count()).toBe(0);
      await admin.settled();
      expect(await axeViolations(admin.page), `enter a team at ${viewport.width} px`).toEqual([]);
      expect(admin.errors).toEqual([]);
    },
  );

  it('has a captain confirm the other side’s report, which settles the match', async () => {
    const { running } = await demoTournaments(await accessTokenOf(session.browser, 'member'));
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, errors, settled } = await session.openAs(
        'member',
        `/tournaments/${running.id}`,
        viewport,
      );
      const yours = page.getByRole('region', { name: 'Your match' });
      await yours.getByRole('form', { name: 'Report the score' }).waitFor();
      await settled();
      expect(await axeViolations(page), `your match at ${viewport.width} px`).toEqual([]);
      if (viewport === viewports.desktop) {
        const [first, second] = await yours.getByRole('spinbutton').all();
        const text = (await yours.textContent()) ?? '';
        // The other side reported the match lost by the member's team, 1–2 or 2–1.
        const [a, b] = /reported (\d)–(\d)/.exec(text)?.slice(1) ?? ['1', '2'];
        await first?.fill(a as string);
        await second?.fill(b as string);
        await yours.getByRole('button', { name: 'Report the score' }).click();
        // The form stays until they move on: the match as it now stands (issue 51).
        await yours.getByText(`Both sides agree: the match is settled at ${a}–${b}`).waitFor();
        await page
          .getByRole('region', { name: 'Results so far' })
          .getByText(`${a}–${b}`)
          .first()
          .waitFor();
        await settled();
        expect(await axeViolations(page), 'both sides agree').toEqual([]);
      }
      expect(errors).toEqual([]);
    }
  });
});
