import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Browser } from '../../../scripts/bench/browser.ts';
import { headersToRecord, startFloor } from '../../../scripts/bench/children.ts';
import { lannerAddress } from '../../../scripts/bench/lanners.ts';
import { benchOptionsOf } from '../../../scripts/bench/options.ts';
import {
  apiPath,
  changesOf,
  momentNear,
  monthApiPath,
  pageReads,
  type ReadContext,
  readHeaders,
  readNamed,
  readsOnSite,
} from '../../../scripts/bench/reads.ts';
import {
  type BenchRow,
  type FirstReadRow,
  formatBenchTable,
  formatFirstReadTable,
  formatMarkdownTable,
  meetsFirstReadGoal,
  percentile,
  shortfallsOf,
  slowestOf,
  timesOf,
} from '../../../scripts/bench/report.ts';
import { formActionOf } from '../../../scripts/bench/sign-in.ts';

/** The parts of `npm run bench:api` that need no site: nothing here starts one or a load. */

const context: ReadContext = {
  today: '2026-05-14',
  lanId: 21,
  lanIds: [1, 2, 3, 21],
  lastMonth: '2026-04-01',
  months: ['2026-04-01', '2026-03-01', '2025-12-01'],
  year: 2025,
  runningYear: 2026,
  years: [2026, 2025, 2024],
  userId: 7,
  clanId: 3,
  clanIds: [3, 4],
};

describe('the reads of bench:api', () => {
  it('builds URLs as the web app’s api-client does', () => {
    expect(
      apiPath('/api/users', { roles: ['Lanner', 'Member'], missing: undefined, limit: 5 }),
    ).toBe('/api/users?roles=Lanner%2CMember&limit=5');
    expect(monthApiPath('2026-04-01')).toBe('2026/4');
    expect(momentNear('2026-05-14', 1)).toBe('2026-05-13T23:59:59.000Z');
  });

  it('sends what the pages send', () => {
    const urls = Object.fromEntries(pageReads.map((read) => [read.name, read.url(context)]));
    expect(urls).toMatchObject({
      'upcoming lans': '/api/lans?sinceDate=2026-05-14&sort=start-date&limit=5',
      'lan archive':
        '/api/lans?untilDate=2026-05-14&sort=-start-date&view=headline&offset=0&limit=100',
      'my subscriptions': '/api/users/me/subscriptions?offset=0&limit=100',
      'lans of a year':
        '/api/lans?sinceDate=2025-01-01&untilDate=2026-01-01&include=active&view=headline&offset=0&limit=100',
      'my profile': '/api/users/me',
      lanners: '/api/users?roles=Lanner&missingRoles=Member&sort=nickname&offset=0&limit=100',
      "last month's players": '/api/stats/leader-boards/users/months/last?view=ranking',
      "a month's games": '/api/stats/leader-boards/games/months/2026/4?limit=10',
      "a year's rewind": '/api/stats/summaries/2025?view=viewer',
      "this year's rewind": '/api/stats/summaries/2026?view=viewer',
      'identity settings': '/api/settings/keycloak',
      'a lan': '/api/lans/21',
      announcements: '/api/lans/21/announcements',
      schedule: '/api/lans/21/schedule',
      'now playing': '/api/lans/21/now-playing',
      'my seat swaps': '/api/lans/21/seat-swaps',
      'subscribers of a lan': '/api/lans/21/subscribers?offset=0&limit=100',
      'calendar feed': '/api/settings/calendar-feed',
      clans: '/api/clans?offset=0&limit=20',
      'a clan': '/api/clans/3',
      'my history': '/api/users/7/history',
      'my consents': '/api/users/me/consents',
      'my playtime status': '/api/users/me/playtime-status',
      'my account': '/api/users/me/account',
    });
    expect(readHeaders(readNamed('identity settings'), 'token')).not.toHaveProperty(
      'authorization',
    );
    expect(readHeaders(readNamed('a lan'), 'token').authorization).toBe('Bearer token');
  });

  it('gives a new URL on every request, or says how many there are before they come round', () => {
    for (const read of pageReads) {
      if (!read.newUrl) continue;
      const distinct = read.distinctUrls?.(context) ?? 0;
      const count = Number.isFinite(distinct) ? 3 * distinct : 20_000;
      const urls = new Set(
        Array.from({ length: count }, (_, index) => read.newUrl?.(context, index)),
      );
      expect(urls.size, read.name).toBe(Number.isFinite(distinct) ? distinct : count);
      for (const url of urls) expect(url, read.name).toMatch(/^\/api\//);
    }
    expect(readNamed('a lan').newUrl?.(context, 5)).toBe('/api/lans/2');
    expect(readNamed("a month's games").newUrl?.(context, 2)).toBe(
      '/api/stats/leader-boards/games/months/2025/12?limit=10',
    );
  });

  it('makes the stats stale with playtime or a subscription, every other read with a subscription', () => {
    const changes = Object.fromEntries(pageReads.map((read) => [read.name, changesOf(read)]));
    expect(changes).toMatchObject({
      'lan archive': ['subscription'],
      'my profile': ['subscription'],
      "a year's rewind": ['playtime', 'subscription'],
      "last month's players": ['playtime', 'subscription'],
      'rewind years': ['playtime', 'subscription'],
    });
  });

  it('leaves out a read the site cannot answer', () => {
    expect(readsOnSite(context).map((read) => read.name)).toContain("this year's rewind");
    expect(readsOnSite({ ...context, years: [2025] }).map((read) => read.name)).not.toContain(
      "this year's rewind",
    );
  });
});

describe('the tables of bench:api', () => {
  const row = (overrides: Partial<BenchRow> & Partial<BenchRow['result']>): BenchRow => ({
    read: overrides.read ?? 'a lan',
    variant: overrides.variant ?? 'same URL',
    floor: overrides.floor ?? 40_000,
    floorP99: overrides.floorP99 ?? 4,
    ...(overrides.distinctUrls === undefined ? {} : { distinctUrls: overrides.distinctUrls }),
    result: {
      requestsPerSecond: overrides.requestsPerSecond ?? 12_000,
      requests: overrides.requests ?? 96_000,
      p50: 2,
      p99: overrides.p99 ?? 9,
      errors: overrides.errors ?? 0,
      non2xx: overrides.non2xx ?? 0,
    },
  });

  it('marks a read below the goals', () => {
    expect(shortfallsOf(row({}))).toEqual([]);
    expect(shortfallsOf(row({ requestsPerSecond: 9_000 }))).toEqual(['< 0.25 of floor']);
    expect(shortfallsOf(row({ requestsPerSecond: 9_000, p99: 51 }))).toEqual([
      '< 0.25 of floor',
      'p99 > 50 ms',
    ]);
    expect(shortfallsOf(row({ non2xx: 1 }))).toEqual(['failed requests']);
    expect(shortfallsOf(row({ requests: 40 }))).toEqual(['only 40 answered']);
    expect(formatBenchTable([row({ requestsPerSecond: 0, requests: 0 })])).toContain(
      '✗ < 0.25 of floor, none answered in the run',
    );
  });

  it('holds the slowest first read after a change to 50 ms', () => {
    const firstReads = (read: string, times: number[]): FirstReadRow => ({
      read,
      changes: ['playtime', 'subscription'],
      bytes: 190_000,
      samples: times.map((ms, index) => ({
        after: index % 2 === 0 ? 'playtime' : 'subscription',
        ms,
      })),
    });
    const quick = firstReads("a year's rewind", [4, 30, 6, 50]);
    const slow = firstReads("this year's rewind", [20, 22, 71.5, 21]);
    expect(slowestOf(quick)).toBe(50);
    expect(meetsFirstReadGoal(quick)).toBe(true);
    expect(meetsFirstReadGoal(slow)).toBe(false);
    expect(meetsFirstReadGoal(firstReads('none', []))).toBe(false);
    expect(timesOf(quick, 'subscription')).toEqual([30, 50]);
    const lines = formatFirstReadTable([quick, slow]).split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^\| Read +\| After +\| +Size \| Reads \| median ms \| slowest ms \|/);
    expect(lines[2]).toMatch(
      /\| playtime or subscription \| 186 KB \| +4 \| +6\.0 \| +50 \| ✓ ≤ 50 ms \|$/,
    );
    expect(lines[3]).toMatch(/\| +21 \| +72 \| ✗ > 50 ms \|$/);
  });

  it('prints one aligned table with the ratio to the floor', () => {
    const table = formatBenchTable([
      row({}),
      row({ variant: 'new URL', distinctUrls: 21, requestsPerSecond: 1_234 }),
      row({ variant: 'new URL', distinctUrls: Number.POSITIVE_INFINITY, errors: 2 }),
    ]);
    const lines = table.split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(
      /^\| Read +\| Variant +\| +req\/s \| floor req\/s \| of floor \| p99 ms \| floor p99 ms \|/,
    );
    expect(lines[2]).toContain('| 12,000 |');
    expect(lines[2]).toMatch(/\| +0\.30 \|/);
    expect(lines[2]).toMatch(/\| ✓ +\|$/);
    expect(lines[3]).toContain('new URL (21 in turn)');
    expect(lines[3]).toContain('✗ < 0.25 of floor');
    expect(lines[4]).toContain('new URL (none twice)');
    expect(lines[4]).toContain('2 / 0');
    expect(formatMarkdownTable(['a', 'b'], [['1', '22']], [1])).toBe(
      '| a |  b |\n|---|---:|\n| 1 | 22 |',
    );
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('the options of bench:api', () => {
  it('measures both engines at scales 1 and 10 by default, 8 s a run', () => {
    expect(benchOptionsOf({})).toMatchObject({
      engines: ['sqlite', 'postgres'],
      scales: [1, 10],
      seconds: 8,
      warmUpSeconds: 2,
      connections: 32,
      lanners: 300,
      parts: ['load', 'first-read', 'subscribe'],
      firstReads: 40,
    });
  });

  it('runs only the parts BENCH_PART names', () => {
    expect(benchOptionsOf({ BENCH_PART: 'first-read' }).parts).toEqual(['first-read']);
    expect(benchOptionsOf({ BENCH_PART: 'subscribe,load' }).parts).toEqual(['subscribe', 'load']);
  });

  it('checks the script quickly on SQLite at scale 1 with BENCH_QUICK', () => {
    expect(benchOptionsOf({ BENCH_QUICK: '1', BENCH_ENGINES: 'postgres' })).toMatchObject({
      engines: ['sqlite'],
      scales: [1],
      seconds: 1,
    });
  });

  it('measures only the reads BENCH_READS names, every read without it', () => {
    expect(benchOptionsOf({ BENCH_READS: 'upcoming lans, my profile' }).reads).toEqual([
      'upcoming lans',
      'my profile',
    ]);
    expect(benchOptionsOf({}).reads).toEqual([]);
  });

  it('names a bad variable', () => {
    expect(() => benchOptionsOf({ BENCH_ENGINES: 'mysql' })).toThrow(/^BENCH_ENGINES/);
    expect(() => benchOptionsOf({ BENCH_SCALES: '1,0' })).toThrow(/^BENCH_SCALES/);
    expect(() => benchOptionsOf({ BENCH_SECONDS: '2.5' })).toThrow(/^BENCH_SECONDS/);
    expect(() => benchOptionsOf({ BENCH_PART: 'fresh' })).toThrow(/^BENCH_PART: "fresh"/);
    expect(() => benchOptionsOf({ BENCH_FIRST_READS: '0' })).toThrow(/^BENCH_FIRST_READS/);
    expect(() => benchOptionsOf({ BENCH_READS: 'upcoming lans,nothing' })).toThrow(
      /^BENCH_READS: no read nothing/,
    );
  });
});

describe('signing in and subscribing in bench:api', () => {
  it('finds the action of the form with a given field', () => {
    const page = {
      status: 200,
      headers: {},
      url: 'http://127.0.0.1:3000/oidc/interaction/abc',
      body: Buffer.from(
        '<form action="/elsewhere"><input name="q"></form>' +
          '<form class="form" method="post" action="/oidc/interaction/abc/login" novalidate>' +
          '<input id="username" name="username"></form>',
      ),
    };
    expect(formActionOf(page, 'username')).toBe('http://127.0.0.1:3000/oidc/interaction/abc/login');
    expect(() => formActionOf(page, 'passwordRepeat')).toThrow(/No form/);
  });

  it('gives every lanner a loopback address of their own', () => {
    const addresses = Array.from({ length: 1000 }, (_, index) => lannerAddress(index));
    expect(new Set(addresses).size).toBe(1000);
    expect(addresses.slice(0, 2)).toEqual(['127.1.0.1', '127.1.0.2']);
    expect(addresses[250]).toBe('127.1.1.1');
    for (const address of addresses) expect(address).toMatch(/^127\.1\.\d{1,3}\.([1-9]\d{0,2})$/);
  });
});

/** An answer as it comes off the wire: status, header lines in order (Date aside), body. */
function rawAnswer(url: string) {
  return new Promise<{ status: number; lines: string[]; body: Buffer }>((resolve, reject) => {
    get(url, (incoming: IncomingMessage) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const lines: string[] = [];
        for (let index = 0; index < incoming.rawHeaders.length; index += 2)
          if (incoming.rawHeaders[index]?.toLowerCase() !== 'date')
            lines.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`);
        resolve({ status: incoming.statusCode ?? 0, lines, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

describe('the floor of bench:api', () => {
  it('answers with the very bytes the server answered: status, header lines and body', async () => {
    const body = Buffer.from(JSON.stringify({ items: [{ id: 1, name: 'Lan één' }] }));
    const server = createServer((_request, response) => {
      response.setHeader('content-security-policy', "default-src 'self'");
      response.setHeader('x-request-id', '5d767af5-1616-4910-a20f-fa2136e19797');
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'private, no-store',
        'content-length': String(body.length),
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await new Browser().get(`${origin}/api/lans?limit=5`);
      const headers = headersToRecord(answer.headers);
      expect(headers.map(([name]) => name)).toEqual([
        'content-security-policy',
        'x-request-id',
        'content-type',
        'cache-control',
        'content-length',
      ]);
      const floor = await startFloor([
        {
          path: '/api/lans?limit=5',
          status: answer.status,
          headers,
          body: answer.body.toString('base64'),
        },
      ]);
      try {
        expect(await rawAnswer(`${floor.origin}/api/lans?limit=5`)).toEqual(
          await rawAnswer(`${origin}/api/lans?limit=5`),
        );
        expect((await rawAnswer(`${floor.origin}/elsewhere`)).status).toBe(404);
      } finally {
        await floor.stop();
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
