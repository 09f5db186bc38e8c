import { monthNames, type Role, type SubscriberStatus } from '@lanparty/contract';
import { amountDueFor, isPlaceTaking } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { createCheckInCode, createShortCheckInCode } from '../../lib/check-in-code.ts';
import {
  findRoles,
  insertUser,
  normalizeEmail,
  setProfileFields,
} from '../accounts/accounts.repository.ts';
import { saveImage } from '../assets/assets.service.ts';
import { insertLan, type LanRow, type LanValues } from '../lans/lans.repository.ts';
import { insertLanMessage } from '../organiser/lan-messages.repository.ts';
import { BANNER_VARIANT_COUNT, drawBanner } from './demo-banners.ts';
import { seedDemoFood } from './demo-food.ts';
import { type DemoLanner, demoLanners, demoLannersAt } from './demo-people.ts';
import { type DemoLanWeekend, seedDemoPlaytime } from './demo-playtime.ts';
import { seedDemoAnnouncements, seedDemoSchedule } from './demo-schedule.ts';
import { type LanToSeat, seedDemoSeating } from './demo-seating.ts';
import {
  type DemoSubscriberRow,
  findUsersOfLocalAccounts,
  hasAnyLan,
  insertDemoRoles,
  insertDemoSubscribers,
  insertDemoUsers,
  lockDemoSeeding,
} from './demo-seeding.repository.ts';
import { seedDemoTournaments } from './demo-tournaments.ts';
import { createRandom, type Random } from './seeded-random.ts';

type SeedDeps = { db: AppDatabase; config: Config; log: FastifyBaseLogger };

const DAY = 24 * 60 * 60 * 1000;

/** `March Lan 2025`: lans are named after the month they start in. */
const lanNameOf = (start: Date) =>
  `${monthNames[start.getUTCMonth()]} Lan ${start.getUTCFullYear()}`;

/** The Friday on or before `date`, at 17:00 UTC (18:00 in Amsterdam in winter). */
function fridayOnOrBefore(date: Date): Date {
  const friday = new Date(date);
  friday.setUTCDate(friday.getUTCDate() - ((friday.getUTCDay() + 2) % 7));
  friday.setUTCHours(17, 0, 0, 0);
  return friday;
}

/** Where the demo's upcoming lans are held: made up, like everyone in the demo. */
export const demoVenue = {
  name: 'Community hall De Schakel',
  address: 'Kerkstraat 12, 3511 AB Utrecht',
} as const;

function lanValues(name: string, start: Date, overrides: Partial<LanValues> = {}): LanValues {
  return {
    name,
    description:
      'Bring your rig, your headset and a sleeping bag. Power, network, coffee and a ' +
      'midnight pizza run are on us; the tournaments are announced in the chat.',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * DAY).toISOString(),
    isActive: true,
    maximumSubscribers: 24,
    priceCents: 3000,
    membersPriceCents: 2500,
    locationInvoiceNumber: null,
    locationIsPayed: false,
    location: null,
    ...overrides,
  };
}

type SeededUser = { id: number; nickname: string };

/**
 * The demo's lanners, written in bulk: their users (profile complete, address verified,
 * created three years ago) and their roles (Lanner, and Member for the members).
 */
async function insertDemoLanners(
  trx: Executor,
  people: readonly DemoLanner[],
  now: Date,
): Promise<Array<SeededUser & { roles: Role[] }>> {
  const created = new Date(now.getTime() - (3 * 365 + 30) * DAY).toISOString();
  const ids = await insertDemoUsers(
    trx,
    people.map((person) => ({
      nickname: person.nickname,
      email: normalizeEmail(`${person.nickname}@demo.lanparty.invalid`),
      firstName: person.firstName,
      surname: person.surname,
      city: person.city,
      birthDate: person.birthDate,
      createdAt: created,
      // Every demo lanner is a Lanner: in the leaderboards from the day the demo starts.
      lannerSince: now.toISOString(),
    })),
  );
  const seeded = people.map((person, index) => ({
    id: ids[index] as number,
    nickname: person.nickname,
    roles: (person.isMember ? ['Lanner', 'Member'] : ['Lanner']) as Role[],
  }));
  await insertDemoRoles(
    trx,
    seeded.flatMap((user) => user.roles.map((role) => ({ userId: user.id, role }))),
  );
  return seeded;
}

type NewSubscription = {
  status: SubscriberStatus;
  present: boolean | null;
  /** When and by whom a present one was checked in at the door, if the demo says. */
  checkedIn?: { at: Date; byUserId: number | null };
};

/**
 * The subscriptions being seeded, each with its ticket and owing what its status and the
 * user's roles say; written in bulk, in the order they were made, by `flush`.
 */
type Subscriptions = {
  add(lan: LanRow, userId: number, subscription: NewSubscription, at: Date): void;
  flush(): Promise<void>;
};

function collectSubscriptions(
  trx: Executor,
  rolesOf: ReadonlyMap<number, readonly Role[]>,
): Subscriptions {
  const rows: DemoSubscriberRow[] = [];
  const shortCodesByLan = new Map<number, Set<string>>();
  /** A short code not yet taken on the lan (they are unique within it). */
  const shortCodeOn = (lanId: number) => {
    const taken = shortCodesByLan.get(lanId) ?? new Set<string>();
    shortCodesByLan.set(lanId, taken);
    let code = createShortCheckInCode();
    while (taken.has(code)) code = createShortCheckInCode();
    taken.add(code);
    return code;
  };
  return {
    add(lan, userId, subscription, at) {
      const roles = rolesOf.get(userId) ?? [];
      const amountDueCents = isPlaceTaking(subscription.status)
        ? amountDueFor({ price: lan.price_cents, membersPrice: lan.members_price_cents }, roles)
        : null;
      rows.push({
        lanId: lan.id,
        userId,
        ...subscription,
        amountDueCents,
        checkInCode: createCheckInCode(),
        shortCode: shortCodeOn(lan.id),
        at,
      });
    },
    async flush() {
      await insertDemoSubscribers(trx, rows.splice(0));
    },
  };
}

/** The demo accounts `member` and `lanner`, when the embedded identity provider made them. */
async function findDemoAccountUsers(trx: Executor): Promise<Map<string, number>> {
  return findUsersOfLocalAccounts(trx, ['member', 'lanner']);
}

/**
 * Fills a demo site with a community (issue 4, item 6): about forty lanners, three years
 * of lans every two months with paid and mostly present lanners, an upcoming open lan with
 * subscribers in every status (the demo accounts `member` Accepted and `lanner` Pending),
 * a full one with a waitlist, paid and unpaid participants, some checked in and a message
 * sent, a nearly full one, an inactive draft, and banners drawn here; food rounds (issue 54),
 * one done at the last past lan and one open at the open lan. Deterministic, and it does
 * nothing once any lan exists, so a restart or an administrator's own lans are left alone.
 * Servers of one demo starting together take turns: one seeds, the others find it done.
 *
 * LANPARTY_DEMO_SCALE (`config.demoScale`, issue 14) makes the community that many times
 * the size: that many times the lanners and sign-ups, past lans (editions in other towns
 * on other weekends, filled as the usual ones are), upcoming lans (open lans in other
 * towns), subscriptions and playtime rows, and a waitlist that many times as long. What
 * a larger community adds is drawn from a generator of its own, so scale 1 stays exactly
 * the community it always was.
 */
export async function seedDemoCommunity({ db, config, log }: SeedDeps, now = new Date()) {
  // Every restart asks; only an empty site waits for the lock.
  if (await hasAnyLan(db)) return { isSeeded: false as const };

  const scale = config.demoScale;
  const random = createRandom(20_250_101);
  const more = createRandom(20_250_102);
  const bannerLanIds: number[] = [];
  const isSeeded = await db.transaction().execute(async (trx) => {
    await lockDemoSeeding(trx);
    if (await hasAnyLan(trx)) return false;
    const seeded = await insertDemoLanners(trx, demoLannersAt(scale, more), now);
    const people: SeededUser[] = seeded.map(({ id, nickname }) => ({ id, nickname }));
    await seedSignUps(trx, now, scale);
    const accounts = await findDemoAccountUsers(trx);
    const rolesOf = new Map<number, readonly Role[]>([
      ...seeded.map((user) => [user.id, user.roles] as const),
      ...(await findRoles(trx, [...accounts.values()])),
    ]);
    const subscriptions = collectSubscriptions(trx, rolesOf);
    const seeding: Seeding = { trx, subscriptions, people, now };
    const lanWeekends = await seedPastLans(seeding, random, bannerLanIds, accounts.get('member'));
    const lastPastLan = lanWeekends.at(-1);
    lanWeekends.push(...(await seedMorePastLans(seeding, more, scale)));
    const toSeat = await seedUpcomingLans(seeding, random, bannerLanIds, scale);
    await seedMoreUpcomingLans(seeding, more, scale);
    await subscriptions.flush();
    await seedDemoSeating(trx, toSeat, now);
    await seedDemoSchedule(trx, [toSeat.open.id, toSeat.full.id], now);
    await seedDemoAnnouncements(trx, toSeat.open.id, now);
    await seedDemoTournaments(trx, {
      nextLanId: toSeat.open.id,
      memberUserId: accounts.get('member'),
      now,
    });
    await seedDemoFood(trx, {
      past: lastPastLan && { id: lastPastLan.lanId, participants: lastPastLan.presentUserIds },
      open: toSeat.open,
      now,
      timeZone: config.communityTimeZone,
    });
    await seedDemoPlaytime(trx, {
      players: [...people, ...[...accounts.values()].map((id) => ({ id }))],
      lans: lanWeekends,
      random,
      now,
      timeZone: config.communityTimeZone,
    });
    return true;
  });
  if (!isSeeded) return { isSeeded: false as const };

  const banners = Array.from({ length: BANNER_VARIANT_COUNT }, (_, variant) => drawBanner(variant));
  for (const [index, lanId] of bannerLanIds.entries()) {
    await saveImage({
      db,
      kind: 'lan',
      id: lanId,
      bytes: banners[index % banners.length] as Buffer,
    });
  }
  log.info(
    { lanners: demoLanners.length * scale, banners: bannerLanIds.length, scale },
    'demo community seeded',
  );
  return { isSeeded: true as const };
}

/** A past lan's weekend, for the playtime, and which lan it was. */
type PastLan = DemoLanWeekend & { lanId: number };

/** What each part of the seeding writes with and draws its lanners from. */
type Seeding = {
  trx: Executor;
  subscriptions: Subscriptions;
  people: SeededUser[];
  now: Date;
};

/** The usual past lans, every two months for three years: how many months ago, oldest first. */
const pastLanMonthsAgo = Array.from({ length: 18 }, (_, index) => 36 - 2 * index);

/** The Friday the usual lan of `monthsAgo` months before `now` starts on. */
const usualLanStart = (now: Date, monthsAgo: number) =>
  fridayOnOrBefore(new Date(now.getTime() - monthsAgo * 30.4 * DAY));

/** Every two months for three years: active, paid, most lanners present, a few absent. */
async function seedPastLans(
  { trx, subscriptions, people, now }: Seeding,
  random: Random,
  bannerLanIds: number[],
  memberId?: number,
): Promise<PastLan[]> {
  const weekends: PastLan[] = [];
  for (const monthsAgo of pastLanMonthsAgo) {
    const start = usualLanStart(now, monthsAgo);
    const lan = await insertPastLan(trx, lanNameOf(start), start, '');
    if (monthsAgo % 6 === 0) bannerLanIds.push(lan.id);
    const weekend = fillPastLan(subscriptions, lan, people, random);
    // The demo account `member` has a history to show (issue 36): present at the usual
    // lans but two, so its profile has streaks that broke and badges to look at.
    if (memberId !== undefined && !membersMissedMonths.includes(monthsAgo)) {
      subscriptions.add(
        lan,
        memberId,
        { status: 'Paid', present: true },
        new Date(start.getTime() - 40 * DAY),
      );
      weekends.push({ ...weekend, presentUserIds: [...weekend.presentUserIds, memberId] });
    } else weekends.push(weekend);
  }
  return weekends;
}

/** The usual lans the demo account `member` missed, in months ago. */
const membersMissedMonths = [28, 12];

/**
 * A larger community's other past lans: in every two months, `scale - 1` more editions in
 * other towns, on the weekends after the usual lan's (two towns share a weekend past
 * eight), filled as the usual ones are. Each ends before today.
 */
async function seedMorePastLans(
  { trx, subscriptions, people, now }: Seeding,
  random: Random,
  scale: number,
): Promise<PastLan[]> {
  const weekends: PastLan[] = [];
  for (const monthsAgo of pastLanMonthsAgo) {
    const usual = usualLanStart(now, monthsAgo);
    for (let edition = 2; edition <= scale; edition += 1) {
      const start = new Date(usual.getTime() + ((edition - 1) % 8) * 7 * DAY);
      const town = otherTowns[(edition - 2) % otherTowns.length] as OtherTown;
      const lan = await insertPastLan(
        trx,
        `${town.name} ${lanNameOf(start)}`,
        start,
        `-${edition}`,
      );
      weekends.push(fillPastLan(subscriptions, lan, people, random));
    }
  }
  return weekends;
}

/** A past lan: active, its venue paid (invoice `LOC-yyyy-MM` and `suffix`). */
function insertPastLan(trx: Executor, name: string, start: Date, suffix: string) {
  const month = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return insertLan(
    trx,
    lanValues(name, start, {
      locationInvoiceNumber: `LOC-${month}${suffix}`,
      locationIsPayed: true,
    }),
    new Date(start.getTime() - 45 * DAY),
  );
}

/** 12 to 21 of its 24 places: all Paid and mostly present, the last one perhaps Denied. */
function fillPastLan(
  subscriptions: Subscriptions,
  lan: LanRow,
  people: SeededUser[],
  random: Random,
): PastLan {
  const start = new Date(lan.start_date);
  const lanners = random.pick(people, 12 + random.below(10));
  const presentUserIds: number[] = [];
  for (const [index, lanner] of lanners.entries()) {
    const roll = random.next();
    const subscription: NewSubscription =
      index >= lanners.length - 1 && roll < 0.5
        ? { status: 'Denied', present: null }
        : { status: 'Paid', present: roll < 0.9 };
    if (subscription.present) presentUserIds.push(lanner.id);
    subscriptions.add(lan, lanner.id, subscription, new Date(start.getTime() - (30 - index) * DAY));
  }
  return { lanId: lan.id, start, end: new Date(lan.end_date), presentUserIds };
}

/** The Friday `weeks` weeks from the Saturday after `now`, at 17:00 UTC. */
const fridayInWeeks = (now: Date, weeks: number) =>
  fridayOnOrBefore(new Date(now.getTime() + (weeks * 7 + 6) * DAY));

async function seedUpcomingLans(
  seeding: Seeding,
  random: Random,
  bannerLanIds: number[],
  scale: number,
): Promise<{ open: LanToSeat; full: LanToSeat }> {
  const { trx, subscriptions, people, now } = seeding;
  const accounts = await findDemoAccountUsers(trx);
  const soon = (weeks: number) => fridayInWeeks(now, weeks);

  // Open, with every status; the demo accounts show the participate flow.
  const openStart = soon(3);
  const open = await insertLan(
    trx,
    lanValues(lanNameOf(openStart), openStart, { location: demoVenue }),
    now,
  );
  bannerLanIds.push(open.id);
  const statuses: SubscriberStatus[] = [
    'Paid',
    'Paid',
    'Paid',
    'Accepted',
    'Accepted',
    'Accepted',
    'Accepted',
    'Pending',
    'Pending',
    'Pending',
    'Denied',
    'Denied',
  ];
  const openLanners = random.pick(people, statuses.length);
  for (const [index, lanner] of openLanners.entries()) {
    const status = statuses[index] as SubscriberStatus;
    subscriptions.add(
      open,
      lanner.id,
      { status, present: null },
      new Date(now.getTime() - (14 - index) * DAY),
    );
  }
  const memberId = accounts.get('member');
  if (memberId)
    subscriptions.add(
      open,
      memberId,
      { status: 'Accepted', present: null },
      new Date(now.getTime() - DAY),
    );
  const lannerId = accounts.get('lanner');
  if (lannerId) subscriptions.add(open, lannerId, { status: 'Pending', present: null }, now);
  const openParticipants = openLanners
    .filter((_, index) => isPlaceTaking(statuses[index] as SubscriberStatus))
    .map((lanner) => lanner.id);

  const full = await seedFullLan(seeding, soon(5), scale);

  // Nearly full: one place left.
  const fullStart = soon(8);
  const nearlyFull = await insertLan(
    trx,
    lanValues(`Small Lan ${fullStart.getUTCFullYear()}`, fullStart, {
      maximumSubscribers: 12,
      description: 'A cosy lan in the attic: twelve places, first come, first served.',
      location: demoVenue,
    }),
    now,
  );
  bannerLanIds.push(nearlyFull.id);
  const fullLanners = random.pick(people, 13);
  for (const [index, lanner] of fullLanners.entries()) {
    const status: SubscriberStatus = index < 6 ? 'Paid' : index < 11 ? 'Accepted' : 'Pending';
    subscriptions.add(
      nearlyFull,
      lanner.id,
      { status, present: null },
      new Date(now.getTime() - (20 - index) * DAY),
    );
  }

  // A draft only administrators see, its venue not yet known.
  const draftStart = soon(14);
  await insertLan(
    trx,
    lanValues(lanNameOf(draftStart), draftStart, {
      isActive: false,
      maximumSubscribers: 0,
      description: 'Location still to be confirmed.',
    }),
    now,
  );
  return { open: { id: open.id, participants: openParticipants }, full };
}

/**
 * A larger community's other upcoming lans: four for every step of scale above 1, open, in
 * other towns, spread over the weeks after the usual open lan (which stays the first),
 * each with 6 to 17 of its 24 places asked for: a third Paid, a third Accepted, the rest
 * Pending.
 */
async function seedMoreUpcomingLans(
  { trx, subscriptions, people, now }: Seeding,
  random: Random,
  scale: number,
) {
  const count = 4 * (scale - 1);
  for (let index = 0; index < count; index += 1) {
    const start = fridayInWeeks(now, 4 + Math.floor((index * 22) / count));
    const town = otherTowns[index % otherTowns.length] as OtherTown;
    const lan = await insertLan(
      trx,
      lanValues(`${town.name} ${lanNameOf(start)}`, start, { location: town.venue }),
      now,
    );
    const lanners = random.pick(people, 6 + random.below(12));
    for (const [place, lanner] of lanners.entries()) {
      const share = place / lanners.length;
      const status: SubscriberStatus =
        share < 1 / 3 ? 'Paid' : share < 2 / 3 ? 'Accepted' : 'Pending';
      subscriptions.add(
        lan,
        lanner.id,
        { status, present: null },
        new Date(now.getTime() - (20 - place) * DAY),
      );
    }
  }
}

type OtherTown = { name: string; venue: { name: string; address: string } };

/** Where a larger community's other lans are held: made up, like everyone in the demo. */
const otherTowns: readonly OtherTown[] = [
  {
    name: 'Amersfoort',
    venue: { name: 'Wijkcentrum De Boog', address: 'Boogstraat 9, 3812 AB Amersfoort' },
  },
  { name: 'Zeist', venue: { name: 'Zalencentrum De Brug', address: 'Brugweg 21, 3701 AA Zeist' } },
  {
    name: 'Houten',
    venue: { name: 'Sporthal Het Kompas', address: 'Sportlaan 2, 3991 CA Houten' },
  },
  {
    name: 'De Bilt',
    venue: { name: 'Dorpshuis De Linde', address: 'Dorpsstraat 4, 3731 JG De Bilt' },
  },
  {
    name: 'Woerden',
    venue: { name: 'Buurthuis Het Anker', address: 'Havenstraat 7, 3441 BH Woerden' },
  },
  {
    name: 'Nieuwegein',
    venue: { name: 'Cultuurhuis De Kade', address: 'Kadeplein 3, 3431 AC Nieuwegein' },
  },
  {
    name: 'Veenendaal',
    venue: { name: 'Clubhuis De Ruif', address: 'Ruiflaan 15, 3902 AB Veenendaal' },
  },
];

/**
 * A full lan run from the site: 16 places taken (9 Paid, three of them already checked in
 * at the door, and 7 Accepted who still owe), 4 on the waitlist (4 times the scale in a
 * larger community), and one message sent. Its people are every other lanner, so the
 * seeded random draws stay as they were.
 */
async function seedFullLan(
  { trx, subscriptions, people, now }: Seeding,
  start: Date,
  scale: number,
): Promise<LanToSeat> {
  const lan = await insertLan(
    trx,
    lanValues(`Full House Lan ${start.getUTCFullYear()}`, start, {
      maximumSubscribers: 16,
      description: 'Sold out: join the waitlist and you move up when a place frees.',
      locationInvoiceNumber: `LOC-${start.getUTCFullYear()}-FH`,
      location: demoVenue,
    }),
    now,
  );
  const lanners = people.filter((_, index) => index % 2 === 1).slice(0, 16 + 4 * scale);
  const sender = (await findUsersOfLocalAccounts(trx, ['lanadmin'])).get('lanadmin');
  for (const [index, lanner] of lanners.entries()) {
    const status: SubscriberStatus = index < 9 ? 'Paid' : index < 16 ? 'Accepted' : 'Pending';
    // The first three came through the door in the last hour, let in by lanadmin.
    const checkedIn = {
      at: new Date(now.getTime() - (index + 1) * 17 * 60_000),
      byUserId: sender ?? null,
    };
    subscriptions.add(
      lan,
      lanner.id,
      index < 3 ? { status, present: true, checkedIn } : { status, present: null },
      // A day apart; a larger community's longer waitlist three hours apart after them.
      index < 20
        ? new Date(now.getTime() - (30 - index) * DAY)
        : new Date(now.getTime() - 10 * DAY + (index - 19) * 3 * 60 * 60 * 1000),
    );
  }
  await insertLanMessage(
    trx,
    {
      lanId: lan.id,
      senderUserId: sender ?? null,
      senderNickname: 'lanadmin',
      subject: 'Doors open at 17:00',
      body:
        'The doors open at 17:00 on Friday. Bring your ticket (on the lan page) and, if you ' +
        'have not paid yet, the amount due in cash. Extension cords are on us.',
      statuses: ['Accepted', 'Paid'],
      chat: false,
      recipients: 16,
      unreachable: [],
      idempotencyKey: null,
    },
    new Date(now.getTime() - 2 * DAY),
  );
  return { id: lan.id, participants: lanners.slice(0, 16).map((lanner) => lanner.id) };
}

/** New sign-ups waiting to be verified: one ready for it, one who has only just started. */
export const demoSignUps = [
  {
    nickname: 'newcomer_nina',
    email: 'newcomer_nina@demo.lanparty.invalid',
    profile: {
      firstName: 'Nina',
      surname: 'Kramer',
      city: 'Utrecht',
      birthDate: '2001-04-12',
      isEmailActivated: true,
    },
    hoursAgo: 5,
  },
  // Signed up, nothing more: no profile, the e-mail address not yet verified.
  { nickname: 'fresh_fred', email: 'fresh_fred@demo.lanparty.invalid', hoursAgo: 30 },
] as const;

/** The sign-ups, and in a larger community `scale - 1` more of each, a day or so apart. */
async function seedSignUps(trx: Executor, now: Date, scale: number) {
  for (let copy = 1; copy <= scale; copy += 1) {
    const suffix = copy === 1 ? '' : `_${copy}`;
    for (const signUp of demoSignUps) {
      const hoursAgo = signUp.hoursAgo + (copy - 1) * 26;
      const at = new Date(now.getTime() - hoursAgo * 60 * 60 * 1000);
      const user = await insertUser(
        trx,
        {
          subject: null,
          nickname: `${signUp.nickname}${suffix}`,
          email: signUp.email.replace('@', `${suffix}@`),
        },
        at,
      );
      if ('profile' in signUp) await setProfileFields(trx, user.id, signUp.profile, at);
    }
  }
}
