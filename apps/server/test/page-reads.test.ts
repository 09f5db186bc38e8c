import { describe, expect, it } from 'vitest';
import { pageReads, type ReadContext, readsNotMeasured } from '../../../scripts/bench/reads.ts';
import { readsOfWebApp, templateOf } from '../../../scripts/bench/web-reads.ts';

/**
 * Every read the web app's pages make is in bench:api (issue 52: GET
 * /api/users/me/subscriptions, made by every lan page, was not, so nothing measured it), or
 * in `readsNotMeasured` with why. The web app's reads are read off its source.
 */
const context: ReadContext = {
  today: '2026-05-14',
  lanId: 21,
  lanIds: [21, 22],
  lastMonth: '2026-04-01',
  months: ['2026-04-01'],
  year: 2025,
  runningYear: 2026,
  years: [2026, 2025],
  userId: 7,
  clanId: 3,
  clanIds: [3, 4],
};

describe('the reads of the pages', () => {
  const web = readsOfWebApp();
  const measured = new Set(
    pageReads.flatMap((read) => [
      templateOf(read.url(context)),
      ...(read.newUrl ? [templateOf(read.newUrl(context, 1))] : []),
    ]),
  );

  it('are read off the web app’s source: every read’s path is written out where it is made', () => {
    expect(web.unreadable).toEqual([]);
    expect(web.reads.length).toBeGreaterThan(20);
    expect(web.reads.map((read) => read.template)).toContain('/api/users/me/subscriptions');
  });

  it('are each measured by bench:api, or said why not', () => {
    const missing = web.reads
      .filter(
        ({ template }) => !measured.has(template) && !Object.hasOwn(readsNotMeasured, template),
      )
      .map(({ template, files }) => `${template} (${files.join(', ')})`);
    expect(missing, 'add them to pageReads in scripts/bench/reads.ts').toEqual([]);
  });

  it('leave out nothing bench:api measures, and nothing the web app no longer reads', () => {
    const made = new Set(web.reads.map((read) => read.template));
    for (const template of Object.keys(readsNotMeasured)) {
      expect(measured.has(template), `${template} is measured now`).toBe(false);
      expect(made.has(template), `${template} is read no more`).toBe(true);
    }
    for (const template of measured)
      expect(made.has(template), `bench:api measures ${template}, which no page reads`).toBe(true);
  });

  it('tell ids apart from names, a month of a path as one id', () => {
    expect(templateOf('/api/lans/21/announcements?limit=5')).toBe('/api/lans/{}/announcements');
    expect(templateOf('/api/stats/leader-boards/games/months/2026/4?limit=10')).toBe(
      '/api/stats/leader-boards/games/months/{}',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template
    expect(templateOf('/api/clans/${clanId}/members/${userId}')).toBe('/api/clans/{}/members/{}');
  });
});
