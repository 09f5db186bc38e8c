import {
  allTimePlayerItemSchema,
  type FoodRound,
  type FoodRoundOrders,
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
  type ScheduleItem,
  type Seating,
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

const DAY = 86_400_000;

/** The lans that ended before now, oldest first. */
async function pastLans(site: ApiSite) {
  const lans = await site.db.selectFrom('lans').select(['id', 'start_date', 'end_date']).execute();
  return lans
    .filter((lan) => new Date(lan.end_date).getTime() < Date.now())
    .sort((a, b) => new Date(a.start_date).getTime() - new Date(b.start_date).getTime());
}

/** The Paid subscriptions of these lans, whether each came or not. */
function paidSubscriptions(site: ApiSite, lans: readonly { id: number }[]) {
  return site.db
    .selectFrom('subscribers')
    .select(['lan_id', 'present'])
    .where('status', '=', 'Paid')
    .where(
      'lan_id',
      'in',
      lans.map((lan) => lan.id),
    )
    .execute();
}

/** The upcoming lans as a lan administrator reads them (who is shown Denied subscribers). */
async function upcomingLans(site: ApiSite) {
  const response = await site.app.inject({
    method: 'GET',
    url: `/api/lans?sinceDate=${new Date().toISOString()}&sort=start-date&limit=100`,
    headers: (await signInAs(site.db, site.issuer, ['LanAdministrator'])).headers,
  });
  return (response.json() as Paged<Lan>).items;
}

const taken = (lan: Lan | undefined) =>
  lan?.subscribers.filter((s) => s.status === 'Accepted' || s.status === 'Paid').length;

/** The full lan run from the site: every place taken, and a waitlist. */
function fullLanOf(upcoming: Lan[]) {
  const full = upcoming.filter(
    (lan) =>
      taken(lan) === lan.maximumSubcribers &&
      lan.subscribers.some((subscriber) => subscriber.waitlistPosition !== null),
  );
  expect(full).toHaveLength(1);
  return full[0] as Lan;
}

/** Every status a subscription can have, as the demo's open lan shows them. */
const everyStatus = ['Accepted', 'Denied', 'Paid', 'Pending'];

describe.each(testEngines)('the demo community on %s', (engine) => {
  let site: ApiSite;

  beforeAll(async () => {
    // Demo mode seeds the community while the app is built.
    site = await startApiSite(engine, { LANPARTY_DEMO: '1' });
  });

  afterAll(async () => {
    await site?.close();
  });

  it('has three years of lans every two months, their paid lanners mostly present', async () => {
    const past = await pastLans(site);
    const starts = past.map((lan) => new Date(lan.start_date).getTime());
    // Every two months (a Friday near it), going back three years.
    const twoMonthsAndAWeek = 70 * DAY;
    expect(Date.now() - (starts[0] ?? Date.now())).toBeGreaterThan(
      3 * 365 * DAY - twoMonthsAndAWeek,
    );
    for (const [index, start] of starts.slice(1).entries()) {
      expect(start - (starts[index] ?? 0)).toBeLessThanOrEqual(twoMonthsAndAWeek);
    }
    const paid = await paidSubscriptions(site, past);
    // Every past lan had paid lanners; most came, not all.
    expect(new Set(paid.map((row) => row.lan_id)).size).toBe(past.length);
    const present = paid.filter((row) => Boolean(row.present)).length;
    expect(present).toBeGreaterThan(paid.length - present);
    expect(present).toBeLessThan(paid.length);
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
    // Many players, many games: a year's leaderboards worth reading.
    expect(rewind.userPlaytimes.length).toBeGreaterThan(1);
    expect(rewind.gamePlaytimes.length).toBeGreaterThan(1);
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
    const upcoming = await upcomingLans(site);
    const statuses = new Set(upcoming[0]?.subscribers.map((subscriber) => subscriber.status));
    expect([...statuses].sort()).toEqual(everyStatus);
    // Nearly full: one place left.
    expect(upcoming.some((lan) => taken(lan) === lan.maximumSubcribers - 1)).toBe(true);
  });

  it('holds its upcoming lans in a community hall, the draft without a venue yet', async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/lans?sinceDate=${new Date().toISOString()}&include=all`,
      headers: (await signInAs(site.db, site.issuer, ['LanAdministrator'])).headers,
    });
    const upcoming = (response.json() as Paged<Lan>).items;
    const active = upcoming.filter((lan) => lan.isActive);
    expect(active.length).toBeGreaterThan(0);
    expect(active.map((lan) => lan.location)).toEqual(active.map(() => demoVenue));
    expect(upcoming.find((lan) => !lan.isActive)?.location).toBeNull();
  });

  it('has a full lan with a waitlist, paid and unpaid participants, check-ins and a message', async () => {
    const full = fullLanOf(await upcomingLans(site));
    const statuses = new Set(full.subscribers.map((subscriber) => subscriber.status));
    expect(statuses.has('Paid') && statuses.has('Accepted')).toBe(true);
    // The waitlist: the Pending, in places 1, 2, 3, … with none missing.
    const waiting = full.subscribers.filter((subscriber) => subscriber.status === 'Pending');
    expect(waiting.length).toBeGreaterThan(0);
    expect(
      waiting.map((subscriber) => subscriber.waitlistPosition).sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual(waiting.map((_, index) => index + 1));
    // Some came through the door already, not everyone.
    const present = full.subscribers.filter((subscriber) => subscriber.present).length;
    expect(present).toBeGreaterThan(0);
    expect(present).toBeLessThan(taken(full) ?? 0);
    const messages = await site.db
      .selectFrom('lan_messages')
      .select('subject')
      .where('lan_id', '=', full.id)
      .execute();
    expect(messages).toHaveLength(1);
    const withoutDue = await site.db
      .selectFrom('subscribers')
      .select('id')
      .where('status', 'in', ['Accepted', 'Paid'])
      .where('amount_due_cents', 'is', null)
      .execute();
    expect(withoutDue).toEqual([]);
  });

  it('seats the open lan’s clans together, leaves seats free, and fully seats the full house', async () => {
    const upcoming = await upcomingLans(site);
    const seatingOf = async (lanId: number) => {
      const response = await site.app.inject({ url: `/api/lans/${lanId}/seating` });
      expect(response.statusCode).toBe(200);
      return response.json() as Seating;
    };
    const open = await seatingOf((upcoming[0] as Lan).id);
    expect(open.plan.published).toBe(true);
    expect(open.seats.length).toBeGreaterThanOrEqual(55);
    expect(open.seats.length).toBeLessThanOrEqual(65);
    const held = open.seats.filter((seat) => seat.occupant !== null);
    expect(open.seats.length - held.length).toBeGreaterThan(3);
    // Two clans, each on seats side by side in one row.
    const byClan = Map.groupBy(
      held.filter((seat) => seat.occupant?.clanTag),
      (seat) => seat.occupant?.clanTag,
    );
    expect(byClan.size).toBe(2);
    for (const seats of byClan.values()) {
      expect(new Set(seats.map((seat) => seat.blockId)).size).toBe(1);
      const xs = seats.map((seat) => seat.x).sort((a, b) => a - b);
      expect((xs.at(-1) ?? 0) - (xs[0] ?? 0)).toBe(xs.length - 1);
    }
    // Everyone seated holds a place there.
    const holders = new Set(
      (upcoming[0] as Lan).subscribers
        .filter((subscriber) => ['Accepted', 'Paid'].includes(subscriber.status))
        .map((subscriber) => subscriber.user.id),
    );
    expect(held.every((seat) => holders.has(seat.occupant?.userId ?? 0))).toBe(true);

    const full = fullLanOf(upcoming);
    const fullSeating = await seatingOf(full.id);
    const seated = fullSeating.seats.filter((seat) => seat.occupant !== null).length;
    expect(seated).toBe(taken(full));
  });

  it('gives the open lan a weekend’s schedule, every item within the lan', async () => {
    const [lan] = await upcomingLans(site);
    const response = await site.app.inject({ url: `/api/lans/${(lan as Lan).id}/schedule` });
    expect(response.statusCode).toBe(200);
    const items = response.json() as ScheduleItem[];
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(new Set(items.map((item) => item.kind))).toEqual(
      new Set(['game', 'tournament', 'food', 'other']),
    );
    for (const item of items) {
      expect(Date.parse(item.startDate)).toBeGreaterThanOrEqual(Date.parse((lan as Lan).startDate));
      expect(Date.parse(item.endDate ?? item.startDate)).toBeLessThanOrEqual(
        Date.parse((lan as Lan).endDate),
      );
    }
  });

  it('gives the open lan a pinned announcement and another', async () => {
    const [lan] = await upcomingLans(site);
    const response = await site.app.inject({ url: `/api/lans/${(lan as Lan).id}/announcements` });
    expect(response.statusCode).toBe(200);
    const items = response.json() as { pinned: boolean }[];
    expect(items.map((item) => item.pinned)).toEqual([true, false]);
  });

  it('has a food round done at the last past lan and one open at the open lan, totals adding up', async () => {
    const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
    const get = async <T>(url: string) => {
      const response = await site.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode, url).toBe(200);
      return response.json() as T;
    };
    const cents = (euros: number) => Math.round(euros * 100);
    const [open] = await upcomingLans(site);
    const past = (await pastLans(site)).at(-1);
    for (const [lan, state] of [
      [past, 'closed'],
      [open, 'open'],
    ] as const) {
      const rounds = await get<FoodRound[]>(`/api/lans/${lan?.id}/food-rounds`);
      expect(rounds).toHaveLength(1);
      const round = rounds[0] as FoodRound;
      expect(round).toMatchObject({ supplier: 'Pizzeria Roma', state });
      expect(round.items.length).toBeGreaterThanOrEqual(4);
      expect(round.items.some((item) => item.choices.length >= 2)).toBe(true);
      expect(Date.parse(round.closesAt) > Date.now()).toBe(state === 'open');
      expect(round.arrivedAt === null).toBe(state === 'open');
      const { orders, totals } = await get<FoodRoundOrders>(`/api/food-rounds/${round.id}/orders`);
      expect(orders.length).toBe(round.orderCount);
      expect(orders.length).toBeGreaterThanOrEqual(state === 'open' ? 3 : 6);
      expect(orders.length).toBeLessThanOrEqual(12);
      // Ordered by the lan's participants (at a past lan, those who came).
      const participants = await site.db
        .selectFrom('subscribers')
        .select(['user_id', 'present'])
        .where('lan_id', '=', lan?.id ?? 0)
        .where('status', 'in', ['Accepted', 'Paid'])
        .execute();
      const mayOrder = participants
        .filter((row) => state === 'open' || Boolean(row.present))
        .map((row) => row.user_id);
      expect(orders.every((order) => mayOrder.includes(order.userId ?? 0))).toBe(true);
      // Each line priced as its item and choices, each total its lines', the round's its orders'.
      const priceOf = new Map(
        round.items.flatMap((item) => [
          [`item ${item.id}`, cents(item.price)],
          ...item.choices.map((choice) => [`choice ${choice.id}`, cents(choice.price)] as const),
        ]),
      );
      for (const order of orders) {
        for (const line of order.lines)
          expect(cents(line.unitPrice)).toBe(
            line.choices.reduce(
              (sum, choice) => sum + (priceOf.get(`choice ${choice.id}`) ?? NaN),
              priceOf.get(`item ${line.itemId}`) ?? NaN,
            ),
          );
        const lines = order.lines.reduce(
          (sum, line) => sum + cents(line.unitPrice) * line.quantity,
          0,
        );
        expect(cents(order.total)).toBe(lines);
      }
      const amount = orders.reduce((sum, order) => sum + cents(order.total), 0);
      expect(cents(totals.amount)).toBe(amount);
      const paid = orders.filter((order) => order.paid).length;
      expect(paid).toBeGreaterThan(0);
      if (state === 'closed') {
        expect(paid).toBeLessThan(orders.length);
        expect(orders.some((order) => order.lines.some((line) => line.note !== ''))).toBe(true);
      }
    }
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
      // More subscriptions and playtime, from twice the players.
      expect(counts.subscribers).toBeGreaterThan(once.subscribers);
      expect(counts.playtimes).toBeGreaterThan(once.playtimes);
      const players = async (of: ApiSite) =>
        (await of.db.selectFrom('playtimes').select('user_id').distinct().execute()).length;
      expect(await players(twice)).toBe(2 * (await players(site)));

      const lans = await twice.db.selectFrom('lans').selectAll().execute();
      const placesTaken = await twice.db
        .selectFrom('subscribers')
        .select(['lan_id', (eb) => eb.fn.countAll().as('n')])
        .where('status', 'in', ['Accepted', 'Paid'])
        .groupBy('lan_id')
        .execute();
      for (const row of placesTaken) {
        const lan = lans.find((candidate) => candidate.id === row.lan_id);
        expect(Number(row.n)).toBeLessThanOrEqual(lan?.maximum_subscribers ?? 0);
      }
      // Twice the past lans, each filled as the usual ones are: paid lanners.
      const past = await pastLans(twice);
      expect(past).toHaveLength(2 * (await pastLans(site)).length);
      const withPaid = new Set((await paidSubscriptions(twice, past)).map((row) => row.lan_id));
      expect(withPaid.size).toBe(past.length);

      const upcoming = await upcomingLans(twice);
      const statuses = new Set(upcoming[0]?.subscribers.map((subscriber) => subscriber.status));
      expect([...statuses].sort()).toEqual(everyStatus);
      // The full lan is still full, its waitlist twice as long.
      const waiting = (lan: Lan) =>
        lan.subscribers.filter((subscriber) => subscriber.waitlistPosition !== null).length;
      expect(waiting(fullLanOf(upcoming))).toBe(2 * waiting(fullLanOf(await upcomingLans(site))));
    } finally {
      await twice.close();
    }
  });
});
