import { monthNames, type Role, type SubscriberStatus } from '@lanparty/contract';
import { amountDueFor, isPlaceTaking } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { createCheckInCode } from '../../lib/check-in-code.ts';
import {
  findRoles,
  insertUser,
  replaceRoles,
  setProfileFields,
} from '../accounts/accounts.repository.ts';
import { saveImage } from '../assets/assets.service.ts';
import { insertLan, type LanRow, type LanValues } from '../lans/lans.repository.ts';
import { insertLanMessage } from '../organiser/organiser.repository.ts';
import { BANNER_VARIANT_COUNT, drawBanner } from './demo-banners.ts';
import { type DemoLanner, demoLanners } from './demo-people.ts';
import { type DemoLanWeekend, seedDemoPlaytime } from './demo-playtime.ts';
import {
  findUsersOfLocalAccounts,
  hasAnyLan,
  insertDemoSubscriber,
  lockDemoSeeding,
} from './demo-seeding.repository.ts';
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

async function insertDemoLanner(trx: Executor, person: DemoLanner, now: Date): Promise<SeededUser> {
  const created = new Date(now.getTime() - (3 * 365 + 30) * DAY).toISOString();
  const user = await insertUser(
    trx,
    { subject: null, nickname: person.nickname, email: `${person.nickname}@demo.lanparty.invalid` },
    new Date(created),
  );
  await setProfileFields(trx, user.id, { ...person, isEmailActivated: true }, new Date(created));
  const roles: Role[] = person.isMember ? ['Lanner', 'Member'] : ['Lanner'];
  await replaceRoles(trx, user.id, roles);
  return { id: user.id, nickname: person.nickname };
}

type NewSubscription = { status: SubscriberStatus; present: boolean | null };

/** A subscription with its ticket, owing what its status and the user's roles say. */
async function subscribe(
  trx: Executor,
  lan: LanRow,
  userId: number,
  subscription: NewSubscription,
  at: Date,
): Promise<void> {
  const roles = (await findRoles(trx, [userId])).get(userId) ?? [];
  const amountDueCents = isPlaceTaking(subscription.status)
    ? amountDueFor({ price: lan.price_cents, membersPrice: lan.members_price_cents }, roles)
    : null;
  await insertDemoSubscriber(trx, {
    lanId: lan.id,
    userId,
    ...subscription,
    amountDueCents,
    checkInCode: createCheckInCode(),
    at,
  });
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
 * sent, a nearly full one, an inactive draft, and banners drawn here. Deterministic, and it does
 * nothing once any lan exists, so a restart or an administrator's own lans are left alone.
 * Servers of one demo starting together take turns: one seeds, the others find it done.
 */
export async function seedDemoCommunity({ db, config, log }: SeedDeps, now = new Date()) {
  // Every restart asks; only an empty site waits for the lock.
  if (await hasAnyLan(db)) return { isSeeded: false as const };

  const random = createRandom(20_250_101);
  const bannerLanIds: number[] = [];
  const isSeeded = await db.transaction().execute(async (trx) => {
    await lockDemoSeeding(trx);
    if (await hasAnyLan(trx)) return false;
    const people: SeededUser[] = [];
    for (const person of demoLanners) people.push(await insertDemoLanner(trx, person, now));
    await seedSignUps(trx, now);
    const lanWeekends = await seedPastLans(trx, people, random, now, bannerLanIds);
    await seedUpcomingLans(trx, people, random, now, bannerLanIds);
    const accounts = await findDemoAccountUsers(trx);
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
  log.info({ lanners: demoLanners.length, banners: bannerLanIds.length }, 'demo community seeded');
  return { isSeeded: true as const };
}

/** Every two months for three years: active, paid, most lanners present, a few absent. */
async function seedPastLans(
  trx: Executor,
  people: SeededUser[],
  random: Random,
  now: Date,
  bannerLanIds: number[],
): Promise<DemoLanWeekend[]> {
  const weekends: DemoLanWeekend[] = [];
  for (let monthsAgo = 36; monthsAgo >= 2; monthsAgo -= 2) {
    const start = fridayOnOrBefore(new Date(now.getTime() - monthsAgo * 30.4 * DAY));
    const name = lanNameOf(start);
    const lan = await insertLan(
      trx,
      lanValues(name, start, {
        locationInvoiceNumber: `LOC-${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`,
        locationIsPayed: true,
      }),
      new Date(start.getTime() - 45 * DAY),
    );
    if (monthsAgo % 6 === 0) bannerLanIds.push(lan.id);
    const lanners = random.pick(people, 12 + random.below(10));
    const presentUserIds: number[] = [];
    weekends.push({ start, end: new Date(lan.end_date), presentUserIds });
    for (const [index, lanner] of lanners.entries()) {
      const roll = random.next();
      const subscription: NewSubscription =
        index >= lanners.length - 1 && roll < 0.5
          ? { status: 'Denied', present: null }
          : { status: 'Paid', present: roll < 0.9 };
      if (subscription.present) presentUserIds.push(lanner.id);
      await subscribe(
        trx,
        lan,
        lanner.id,
        subscription,
        new Date(start.getTime() - (30 - index) * DAY),
      );
    }
  }
  return weekends;
}

async function seedUpcomingLans(
  trx: Executor,
  people: SeededUser[],
  random: Random,
  now: Date,
  bannerLanIds: number[],
) {
  const accounts = await findDemoAccountUsers(trx);
  const soon = (weeks: number) => fridayOnOrBefore(new Date(now.getTime() + (weeks * 7 + 6) * DAY));

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
    await subscribe(
      trx,
      open,
      lanner.id,
      { status, present: null },
      new Date(now.getTime() - (14 - index) * DAY),
    );
  }
  const memberId = accounts.get('member');
  if (memberId)
    await subscribe(
      trx,
      open,
      memberId,
      { status: 'Accepted', present: null },
      new Date(now.getTime() - DAY),
    );
  const lannerId = accounts.get('lanner');
  if (lannerId) await subscribe(trx, open, lannerId, { status: 'Pending', present: null }, now);

  await seedFullLan(trx, people, soon(5), now);

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
    await subscribe(
      trx,
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
}

/**
 * A full lan run from the site: 16 places taken (9 Paid, three of them already checked in
 * at the door, and 7 Accepted who still owe), 4 on the waitlist, and one message sent.
 * Its people are every other lanner, so the seeded random draws stay as they were.
 */
async function seedFullLan(trx: Executor, people: SeededUser[], start: Date, now: Date) {
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
  const lanners = people.filter((_, index) => index % 2 === 1).slice(0, 20);
  for (const [index, lanner] of lanners.entries()) {
    const status: SubscriberStatus = index < 9 ? 'Paid' : index < 16 ? 'Accepted' : 'Pending';
    await subscribe(
      trx,
      lan,
      lanner.id,
      { status, present: index < 3 ? true : null },
      new Date(now.getTime() - (30 - index) * DAY),
    );
  }
  const sender = (await findUsersOfLocalAccounts(trx, ['lanadmin'])).get('lanadmin');
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

async function seedSignUps(trx: Executor, now: Date) {
  for (const signUp of demoSignUps) {
    const at = new Date(now.getTime() - signUp.hoursAgo * 60 * 60 * 1000);
    const user = await insertUser(
      trx,
      { subject: null, nickname: signUp.nickname, email: signUp.email },
      at,
    );
    if ('profile' in signUp) await setProfileFields(trx, user.id, signUp.profile, at);
  }
}
