import {
  allTimePlayerItemSchema,
  gameLeaderboardMonthSchema,
  type Lan,
  lanSchema,
  leaderboardMonthsSchema,
  type Paged,
  paged,
  parseTimeSpan,
  playerLeaderboardMonthSchema,
  rewindSummarySchema,
  rewindYearsSchema,
  subscriberSchema,
  userProfileSchema,
  userPublicSchema,
} from '@lanparty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { findAsset } from '../assets/assets.repository.ts';
import { demoVenue, seedDemoCommunity } from './demo-community.ts';

async function countRows(site: ApiSite) {
  const count = async (table: 'users' | 'lans' | 'subscribers' | 'playtimes') =>
    Number(
      (
        await site.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    lans: await count('lans'),
    subscribers: await count('subscribers'),
    playtimes: await count('playtimes'),
  };
}

describe.each(testEngines)('the demo community on %s', (engine) => {
  let site: ApiSite;

  beforeAll(async () => {
    // Demo mode seeds the community while the app is built.
    site = await startApiSite(engine, { LANPARTY_DEMO: '1' });
  });

  afterAll(async () => {
    await site?.close();
  });

  it('has about forty lanners and three years of lans', async () => {
    const counts = await countRows(site);
    expect(counts.users).toBeGreaterThanOrEqual(40);
    expect(counts.lans).toBeGreaterThanOrEqual(18 + 3);
    const past = await site.db
      .selectFrom('subscribers')
      .select(['status', 'present'])
      .where('status', '=', 'Paid')
      .where('present', 'is not', null)
      .execute();
    expect(past.filter((row) => Boolean(row.present)).length).toBeGreaterThan(past.length * 0.75);
    expect(past.some((row) => !row.present)).toBe(true);
  });

  it('has three years of playtime, busiest on lan weekends, with a few heavy players', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const get = async (url: string) =>
      (await site.app.inject({ method: 'GET', url, headers: lanner.headers })).json();
    const months = await get('/api/stats/leader-boards');
    expect(months.users.length).toBeGreaterThanOrEqual(36);
    const years: number[] = await get('/api/stats/summaries');
    const lastFullYear = new Date().getUTCFullYear() - 1;
    expect(years).toContain(lastFullYear);

    const rewind = await get(`/api/stats/summaries/${lastFullYear}`);
    expect(rewind.userPlaytimes.length).toBeGreaterThanOrEqual(30);
    expect(rewind.gamePlaytimes.length).toBeGreaterThanOrEqual(10);
    const lans: Paged<Lan> = await get(
      `/api/lans?sinceDate=${lastFullYear}-01-01&untilDate=${lastFullYear + 1}-01-01&limit=100`,
    );
    const isLanDay = (day: string) =>
      lans.items.some(
        (lan) => lan.startDate.slice(0, 10) <= day && day <= lan.endDate.slice(0, 10),
      );
    expect(isLanDay(rewind.busiestDays[0].date)).toBe(true);

    const allTime = await get('/api/stats/leader-boards/users?limit=100');
    const hours = allTime.items.map(
      (item: { totalPlaytime: string }) => parseTimeSpan(item.totalPlaytime) / 3600,
    );
    const median = hours[Math.floor(hours.length / 2)];
    expect(hours[0]).toBeGreaterThan(2 * median);
  });

  it('sends every read as checking it with the contract’s schema would', async () => {
    const member = await signInAs(site.db, site.issuer, ['Member', 'Lanner']);
    const year = new Date().getUTCFullYear() - 1;
    const body = async (url: string) => {
      const response = await site.app.inject({ method: 'GET', url, headers: member.headers });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    const lans = JSON.parse(await body(`/api/lans?sinceDate=${year}-01-01&limit=100`));
    const lanId = lans.items[0].id;
    const reads: Array<[string, z.ZodType]> = [
      [`/api/lans?sinceDate=${year}-01-01&limit=100`, paged(lanSchema)],
      [`/api/lans/${lanId}`, lanSchema],
      [`/api/lans/${lanId}/subscribers?limit=100`, paged(subscriberSchema)],
      ['/api/users?roles=Lanner&roles=Member&limit=100', paged(userPublicSchema)],
      ['/api/users/me', userProfileSchema],
      ['/api/stats/leader-boards', leaderboardMonthsSchema],
      ['/api/stats/leader-boards/users?limit=100', paged(allTimePlayerItemSchema)],
      ['/api/stats/leader-boards/users/months/last', playerLeaderboardMonthSchema],
      ['/api/stats/leader-boards/games/months/last?limit=100', gameLeaderboardMonthSchema],
      ['/api/stats/summaries', rewindYearsSchema],
      [`/api/stats/summaries/${year}`, rewindSummarySchema],
    ];
    for (const [url, schema] of reads) {
      const sent = await body(url);
      // zod drops unknown keys and puts the schema's in its order: nothing else was sent.
      expect(sent, url).toBe(JSON.stringify(schema.parse(JSON.parse(sent))));
    }
  });

  it('seeds nothing a second time', async () => {
    const before = await countRows(site);
    const result = await seedDemoCommunity({ db: site.db, config: site.config, log: site.app.log });
    expect(result.isSeeded).toBe(false);
    expect(await countRows(site)).toEqual(before);
  });

  it('has an upcoming open lan with subscribers in every status, and a nearly full one', async () => {
    // Denied subscribers are shown to lan administrators (decision 038).
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/lans?sinceDate=${new Date().toISOString()}&sort=start-date`,
      headers: (await signInAs(site.db, site.issuer, ['LanAdministrator'])).headers,
    });
    const upcoming = (response.json() as Paged<Lan>).items;
    const statuses = new Set(upcoming[0]?.subscribers.map((subscriber) => subscriber.status));
    expect([...statuses].sort()).toEqual(['Accepted', 'Denied', 'Paid', 'Pending']);
    const nearlyFull = upcoming.find((lan) => lan.maximumSubcribers === 12);
    const taken = nearlyFull?.subscribers.filter(
      (s) => s.status === 'Accepted' || s.status === 'Paid',
    );
    expect(taken).toHaveLength(11);
  });

  it('holds its upcoming lans in a community hall, the draft without a venue yet', async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/lans?sinceDate=${new Date().toISOString()}&include=all`,
      headers: (await signInAs(site.db, site.issuer, ['LanAdministrator'])).headers,
    });
    const upcoming = (response.json() as Paged<Lan>).items;
    expect(upcoming.filter((lan) => lan.isActive).map((lan) => lan.location)).toEqual([
      demoVenue,
      demoVenue,
      demoVenue,
    ]);
    expect(upcoming.find((lan) => !lan.isActive)?.location).toBeNull();
  });

  it('has a full lan with a waitlist, paid and unpaid participants, check-ins and a message', async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/lans?sinceDate=${new Date().toISOString()}&sort=start-date`,
    });
    const full = (response.json() as Paged<Lan>).items.find((lan) =>
      lan.name.startsWith('Full House Lan'),
    );
    const count = (status: string) =>
      full?.subscribers.filter((subscriber) => subscriber.status === status).length;
    expect([count('Paid'), count('Accepted'), count('Pending')]).toEqual([9, 7, 4]);
    expect(
      full?.subscribers
        .filter((subscriber) => subscriber.waitlistPosition !== null)
        .map((subscriber) => subscriber.waitlistPosition)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(full?.subscribers.filter((subscriber) => subscriber.present)).toHaveLength(3);
    const messages = await site.db
      .selectFrom('lan_messages')
      .select('subject')
      .where('lan_id', '=', full?.id ?? 0)
      .execute();
    expect(messages).toEqual([{ subject: 'Doors open at 17:00' }]);
    const withoutDue = await site.db
      .selectFrom('subscribers')
      .select('id')
      .where('status', 'in', ['Accepted', 'Paid'])
      .where('amount_due_cents', 'is', null)
      .execute();
    expect(withoutDue).toEqual([]);
  });

  it('keeps the inactive draft from anonymous visitors', async () => {
    const drafts = await site.db
      .selectFrom('lans')
      .select('id')
      .where('is_active', '=', false)
      .execute();
    expect(drafts).toHaveLength(1);
    const response = await site.app.inject({ method: 'GET', url: '/api/lans?limit=100' });
    const ids = (response.json() as Paged<Lan>).items.map((lan) => lan.id);
    expect(ids).not.toContain(drafts[0]?.id);
  });

  it('gives some lans a banner drawn as a PNG', async () => {
    const lan = await site.db
      .selectFrom('lans')
      .select('id')
      .orderBy('start_date', 'desc')
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    const banner = await findAsset(site.db, `lan-${lan.id}`);
    expect(banner?.type).toBe('png');
  });
  it('is twice the size at LANPARTY_DEMO_SCALE=2, and as plausible', async () => {
    const twice = await startApiSite(engine, { LANPARTY_DEMO: '1', LANPARTY_DEMO_SCALE: '2' });
    try {
      const once = await countRows(site);
      const counts = await countRows(twice);
      // The community's own people have no subject: nobody has signed in as one of them.
      const people = async (of: ApiSite) =>
        (await of.db.selectFrom('users').select('id').where('subject', 'is', null).execute())
          .length;
      expect(await people(twice)).toBe(2 * (await people(site)));
      expect(counts.lans).toBe(2 * once.lans);
      expect(counts.subscribers / once.subscribers).toBeGreaterThan(1.9);
      expect(counts.subscribers / once.subscribers).toBeLessThan(2.1);
      expect(counts.playtimes / once.playtimes).toBeGreaterThan(1.85);
      expect(counts.playtimes / once.playtimes).toBeLessThan(2.25);

      const now = new Date().toISOString();
      const lans = await twice.db.selectFrom('lans').selectAll().execute();
      const taken = await twice.db
        .selectFrom('subscribers')
        .select(['lan_id', (eb) => eb.fn.countAll().as('n')])
        .where('status', 'in', ['Accepted', 'Paid'])
        .groupBy('lan_id')
        .execute();
      for (const row of taken) {
        const lan = lans.find((candidate) => candidate.id === row.lan_id);
        expect(Number(row.n)).toBeLessThanOrEqual(lan?.maximum_subscribers ?? 0);
      }
      const pastLans = lans.filter((lan) => new Date(lan.end_date).toISOString() < now);
      expect(pastLans).toHaveLength(2 * 18);

      const upcoming = (
        (
          await twice.app.inject({
            method: 'GET',
            url: `/api/lans?sinceDate=${now}&limit=100`,
            headers: (await signInAs(twice.db, twice.issuer, ['LanAdministrator'])).headers,
          })
        ).json() as Paged<Lan>
      ).items;
      const statuses = new Set(upcoming[0]?.subscribers.map((subscriber) => subscriber.status));
      expect([...statuses].sort()).toEqual(['Accepted', 'Denied', 'Paid', 'Pending']);
      const full = upcoming.find((lan) => lan.name.startsWith('Full House Lan'));
      const count = (status: string) =>
        full?.subscribers.filter((subscriber) => subscriber.status === status).length;
      expect([count('Paid'), count('Accepted'), count('Pending')]).toEqual([9, 7, 8]);
    } finally {
      await twice.close();
    }
  });
});
