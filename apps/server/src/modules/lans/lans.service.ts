import type {
  Lan,
  LanDefaults,
  LanDraft,
  LanHeadline,
  LanInput,
  LanListQuery,
  LanUpdate,
  Paged,
  Subscriber,
} from '@lanparty/contract';
import { assetIdOf, centsFromEuros, placeTakingStatuses } from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { lanActivatedMessage } from '../chat/chat-messages.ts';
import { findImageVersions } from '../image-versions/image-versions.repository.ts';
import { enqueueLanAnnouncement } from '../outbox/outbox.repository.ts';
import { readLanDefaultCents, saveLanDefaultCents } from '../settings/lan-defaults.repository.ts';
import {
  countSubscribersWithStatus,
  listSubscribersOfLans,
} from '../subscriptions/lan-subscribers.repository.ts';
import { findPlaceLan } from '../subscriptions/place-lans.repository.ts';
import { isLanFullNow, type LeaveLan, moveUpWaitlist } from '../subscriptions/places.ts';
import { cancelStatusMailsOfLan } from '../subscriptions/status-mails.ts';
import { readSubscribers } from '../subscriptions/subscribers.service.ts';
import { nextWeekendOf, toQueryInstant } from './lan-dates.ts';
import type { LanReadCache } from './lan-read-cache.ts';
import type { LanPick } from './lan-timeline.ts';
import {
  presentLan,
  presentLanDefaults,
  presentLanHeadline,
  presentLocation,
} from './lans.presenter.ts';
import {
  deleteLan as deleteLanRow,
  findLanById,
  findLansByIds,
  insertLan,
  type LanRow,
  type LanValues,
  updateLan as updateLanRow,
} from './lans.repository.ts';

export type LansDeps = {
  db: AppDatabase;
  publicUrl: URL;
  communityTimeZone: string;
  /** Without a webhook nothing is queued: announcements must not pile up for later. */
  isChatOn: boolean;
  /** The public lan reads, kept until the data under them changes. */
  reads: LanReadCache;
  /** What follows leaving a lan (the places' moves pass it on: decision 049). */
  leaveLan: LeaveLan;
};

/** Lans in the contract's shape, each with its subscribers and its banner's version. */
async function presentLans(
  deps: Pick<LansDeps, 'db' | 'communityTimeZone'>,
  rows: readonly LanRow[],
): Promise<Lan[]> {
  const { db, communityTimeZone: timeZone } = deps;
  const ids = rows.map((row) => row.id);
  const [subscriberRows, banners] = await Promise.all([
    listSubscribersOfLans(db, ids),
    findImageVersions(
      db,
      ids.map((id) => assetIdOf('lan', id)),
    ),
  ]);
  const subscribers = await readSubscribers(db, subscriberRows, {
    timeZone,
    isEverySubscriber: true,
  });
  // Each lan's subscribers gathered in one pass, in the order read.
  const subscribersOfLan = new Map<number, Subscriber[]>();
  for (const subscriber of subscribers) {
    const ofLan = subscribersOfLan.get(subscriber.lan.id);
    if (ofLan) ofLan.push(subscriber);
    else subscribersOfLan.set(subscriber.lan.id, [subscriber]);
  }
  return rows.map((row) =>
    presentLan(
      row,
      subscribersOfLan.get(row.id) ?? [],
      banners.get(assetIdOf('lan', row.id)) ?? null,
      timeZone,
    ),
  );
}

/** One lan with its subscribers. */
async function presentOneLan(deps: LansDeps, row: LanRow): Promise<Lan> {
  const [lan] = await presentLans(deps, [row]);
  if (!lan) throw new Error('A presented lan went missing');
  return lan;
}

/**
 * Which lans GET lans shows for this query: picked from the kept timeline, without asking
 * the database. include=all (inactive lans too) is for lan administrators only; `viewer` is
 * asked for only then, so the public list costs no look-up of who asks.
 */
export async function pickLanList(
  deps: LansDeps,
  viewer: () => Promise<Viewer | null>,
  query: LanListQuery,
  scope?: object,
): Promise<LanPick> {
  if (query.include === 'all') authorize(await viewer(), 'lans.seeInactive');
  return (await deps.reads.timeline(scope)).pick({
    isActiveOnly: query.include === 'active',
    ...(query.sinceDate
      ? { endsOnOrAfter: toQueryInstant(query.sinceDate, deps.communityTimeZone) }
      : {}),
    ...(query.untilDate
      ? { endsBefore: toQueryInstant(query.untilDate, deps.communityTimeZone) }
      : {}),
    sort: query.sort,
    offset: query.offset,
    limit: query.limit,
  });
}

/** The page of GET lans holding the lans picked for its query. */
export async function listLans(
  deps: LansDeps,
  query: LanListQuery,
  pick: LanPick,
): Promise<Paged<Lan>> {
  const items = await presentLans(deps, await findLansByIds(deps.db, pick.ids));
  return { items, offset: query.offset, limit: query.limit, total: pick.total };
}

/** The page of GET lans?view=headline: the picked lans' names, dates and banners only. */
export async function listLanHeadlines(
  deps: LansDeps,
  query: LanListQuery,
  pick: LanPick,
): Promise<Paged<LanHeadline>> {
  const [rows, banners] = await Promise.all([
    findLansByIds(deps.db, pick.ids),
    findImageVersions(
      deps.db,
      pick.ids.map((id) => assetIdOf('lan', id)),
    ),
  ]);
  const items = rows.map((row) =>
    presentLanHeadline(row, banners.get(assetIdOf('lan', row.id)) ?? null, deps.communityTimeZone),
  );
  return { items, offset: query.offset, limit: query.limit, total: pick.total };
}

/** A lan, active or not: whether the viewer may see it is the caller's to check. */
export async function getLan(deps: LansDeps, id: number): Promise<Lan> {
  const row = await findLanById(deps.db, id);
  if (!row) throw new ProblemError(404, `There is no lan ${id}.`);
  return presentOneLan(deps, row);
}

/** Queues the chat announcement of a lan that has just become active. */
async function announceLan(deps: LansDeps, db: Executor, row: LanRow, now: Date): Promise<void> {
  if (!deps.isChatOn) return;
  await enqueueLanAnnouncement(
    db,
    row.id,
    lanActivatedMessage({
      lan: presentLan(row, [], null, deps.communityTimeZone),
      publicUrl: deps.publicUrl,
      timeZone: deps.communityTimeZone,
    }),
    now,
  );
}

export async function createLan(deps: LansDeps, viewer: Viewer, input: LanInput): Promise<Lan> {
  authorize(viewer, 'lans.manage');
  const now = new Date();
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await insertLan(
      trx,
      {
        ...valuesOf(input),
        locationInvoiceNumber: null,
        locationIsPayed: false,
        location: input.location,
      },
      now,
    );
    if (input.isActive) await announceLan(deps, trx, created, now);
    return created;
  });
  return presentOneLan(deps, row);
}

/** The values a new and a changed lan share; the location and its invoice are the caller's. */
function valuesOf(
  input: Omit<LanInput, 'location'>,
): Omit<LanValues, 'locationInvoiceNumber' | 'locationIsPayed' | 'location'> {
  return {
    name: input.name,
    description: input.description,
    startDate: new Date(input.startDate).toISOString(),
    endDate: new Date(input.endDate).toISOString(),
    isActive: input.isActive,
    maximumSubscribers: input.maximumSubcribers,
    priceCents: centsFromEuros(input.price),
    membersPriceCents: centsFromEuros(input.membersPrice),
  };
}

/**
 * PUT lans/{id}. The maximum may not drop below the places already taken (409); a raised
 * maximum moves the waitlist up, and activating the lan queues its chat announcement and
 * moves its waitlist into the places freed while it was inactive (decision 032), in the
 * same transaction. A body without a location keeps the lan's (decision 022).
 */
export async function updateLan(
  deps: LansDeps,
  viewer: Viewer,
  id: number,
  input: LanUpdate,
): Promise<Lan> {
  authorize(viewer, 'lans.manage');
  if (input.id !== id)
    throw new ProblemError(400, 'The id in the body must be the id in the path.', {
      errors: { id: ['Must be the id in the path'] },
    });
  const now = new Date();
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await findPlaceLan(trx, id, { isLocked: true });
    if (!current) throw new ProblemError(404, `There is no lan ${id}.`);
    const taken = await countSubscribersWithStatus(trx, id, placeTakingStatuses);
    if (input.maximumSubcribers < taken) {
      throw new ProblemError(
        409,
        `The lan already has ${taken} accepted or paid subscribers; the maximum cannot be lower.`,
      );
    }
    const wasFull = await isLanFullNow(trx, current);
    const updated = await updateLanRow(
      trx,
      id,
      {
        ...valuesOf(input),
        locationInvoiceNumber: input.locationInvoiceNumber,
        locationIsPayed: input.locationIsPayed,
        location: input.location === undefined ? presentLocation(current) : input.location,
      },
      now,
    );
    if (input.isActive && !toBoolean(current.is_active)) await announceLan(deps, trx, updated, now);
    await moveUpWaitlist(trx, deps, updated, { wasFull }, now);
    return updated;
  });
  return presentOneLan(deps, row);
}

/** DELETE lans/{id}: refused while it has Paid subscribers; otherwise they all go with it. */
export async function deleteLan(deps: LansDeps, viewer: Viewer, id: number): Promise<void> {
  authorize(viewer, 'lans.manage');
  await deps.db.transaction().execute(async (trx) => {
    const current = await findPlaceLan(trx, id, { isLocked: true });
    if (!current) throw new ProblemError(404, `There is no lan ${id}.`);
    if ((await countSubscribersWithStatus(trx, id, ['Paid'])) > 0)
      throw new ProblemError(409, 'The lan has paid subscribers and cannot be deleted.');
    // A status mail still waiting would tell of a lan that is gone.
    await cancelStatusMailsOfLan(trx, id, new Date());
    await deleteLanRow(trx, id);
  });
}

/**
 * The places a new lan starts with. Spec §3 starts it at 0, but a lan of 0 places is full
 * before anyone subscribes, so the form's own default was a lan nobody could join; 24 is a
 * usual community hall, for the administrator to set to what the venue holds. A constant,
 * not a setting: the lan defaults in the settings are the prices alone (spec §3).
 */
export const newLanMaximumSubcribers = 24;

/** What the admin form starts a new lan with (lan administrators). */
export async function newLanDefaults(
  deps: LansDeps,
  viewer: Viewer | null,
  now = new Date(),
): Promise<LanDraft> {
  authorize(viewer, 'lans.manage');
  const prices = await readLanDefaults(deps.db);
  return {
    name: '',
    description: '',
    ...nextWeekendOf(now, deps.communityTimeZone),
    isActive: false,
    maximumSubcribers: newLanMaximumSubcribers,
    price: prices.lanPrice,
    membersPrice: prices.membersLanPrice,
    timeZone: deps.communityTimeZone,
  };
}

/** GET settings/lan-defaults: the prices a new lan starts with, in the API's euros. */
export async function readLanDefaults(db: Executor): Promise<LanDefaults> {
  return presentLanDefaults(await readLanDefaultCents(db));
}

/** PUT settings/lan-defaults (lan administrators): the prices as saved. */
export async function setLanDefaults(
  db: Executor,
  viewer: Viewer | null,
  defaults: LanDefaults,
): Promise<LanDefaults> {
  authorize(viewer, 'lanDefaults.set');
  await saveLanDefaultCents(db, {
    lanPrice: centsFromEuros(defaults.lanPrice),
    membersLanPrice: centsFromEuros(defaults.membersLanPrice),
  });
  return readLanDefaults(db);
}
