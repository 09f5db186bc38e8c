import { monthNames } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser.ts';
import { seriousAxeViolations, useBrowser } from './support/browser-session.ts';

/*
 * The stats screens on the demo community: three years of playtime up to yesterday, so
 * the last complete month is the month before this one.
 */
const { openAs } = useBrowser();

function lastCompleteMonth(): { year: number; month: number; label: string } {
  // The month of today's play day (06:00 to 06:00 in Amsterdam), then the one before.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date(Date.now() - 6 * 3_600_000));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  const [currentYear, currentMonth] = [part('year'), part('month')];
  const year = currentMonth === 1 ? currentYear - 1 : currentYear;
  const month = currentMonth === 1 ? 12 : currentMonth - 1;
  return { year, month, label: `${monthNames[month - 1]} ${year}` };
}

describe('the leaderboard', () => {
  it('shows the last complete month with a podium, the other players and the top games', async () => {
    const { page, errors } = await openAs('member', '/stats/leader-board');
    const main = page.getByRole('main');
    await main.getByText(lastCompleteMonth().label, { exact: true }).first().waitFor();
    const podium = main.getByRole('list', { name: /podium/i });
    await podium.getByRole('listitem').nth(2).waitFor();
    await expect(podium.getByRole('listitem').count()).resolves.toBe(3);
    // The games come in their own request: a heading row and ten games.
    const games = main.getByRole('table', { name: /games/i });
    await games.getByRole('row').nth(10).waitFor();
    await expect(games.getByRole('row').count()).resolves.toBe(11);
    expect(errors).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('moves to the month before', async () => {
    const { page } = await openAs('member', '/stats/leader-board');
    const last = lastCompleteMonth();
    const before =
      last.month === 1 ? { y: last.year - 1, m: 12 } : { y: last.year, m: last.month - 1 };
    await page.getByRole('link', { name: `${monthNames[before.m - 1]} ${before.y}` }).click();
    await page.waitForURL(`**/stats/leader-board/${before.y}/${before.m}`);
    await page
      .getByRole('main')
      .getByText(`${monthNames[before.m - 1]} ${before.y}`, { exact: true })
      .first()
      .waitFor();
  });
});

describe('the leaderboard archive', () => {
  it('groups the months by year, newest first', async () => {
    const { page, errors } = await openAs('member', '/stats/leader-board/archive');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2 }).first().waitFor();
    const years = (await main.getByRole('heading', { level: 2 }).allTextContents())
      .map((text) => Number(/\d{4}/.exec(text)?.[0]))
      .filter((year) => Number.isFinite(year));
    expect(years.length).toBeGreaterThanOrEqual(3);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    await main
      .getByRole('link', { name: lastCompleteMonth().label.split(' ')[0] })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the rewind', () => {
  it('tells last year in every section, at phone width too', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const { page, errors } = await openAs('member', `/stats/rewinds/${year}`, viewports.phone);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'We played collectively' }).waitFor();
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'We played collectively',
      'Our favorite games',
      'Your favorite games',
      'You played',
      'Leaderboard',
      'Most played on',
      'Sudden spikes',
    ]);
    // The busiest days of the demo are lan weekends, each linking to its lan.
    await main
      .getByRole('link', { name: /Lan \d{4}/ })
      .first()
      .waitFor();
    // The rank changes against the year before arrive after the page shows.
    const leaderboard = main.getByRole('list', { name: 'Players by playtime' });
    await leaderboard.scrollIntoViewIfNeeded();
    await leaderboard
      .getByText(/^(up|down) \d+ places?$|^same place$|^new$/)
      .first()
      .waitFor({
        state: 'attached',
      });
    // Sections off the screen wait to be laid out, but never widen the page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
