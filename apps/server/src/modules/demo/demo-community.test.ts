import type { Lan, Paged } from '@lanparty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { testEngines } from '../../../test/test-database.ts';
import { createAssetStore } from '../assets/assets.store.ts';
import { seedDemoCommunity } from './demo-community.ts';

async function countRows(site: ApiSite) {
  const count = async (table: 'users' | 'lans' | 'subscribers') =>
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

  it('seeds nothing a second time', async () => {
    const before = await countRows(site);
    const result = await seedDemoCommunity({ db: site.db, config: site.config, log: site.app.log });
    expect(result.isSeeded).toBe(false);
    expect(await countRows(site)).toEqual(before);
  });

  it('has an upcoming open lan with subscribers in every status, and a nearly full one', async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/lans?sinceDate=${new Date().toISOString()}&sort=start-date`,
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
    const banner = await createAssetStore(site.config.dataDir).read(`lan-${lan.id}`);
    expect(banner?.type).toBe('png');
  });
});
