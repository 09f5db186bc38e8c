import type {
  OwnSubscription,
  Paged,
  SubscribeInput,
  Subscriber,
  SubscriberStatus,
} from '@lanparty/contract';
import { canOwnerWithdraw, hasTicket, isLanOpen, isPlaceTaking } from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import { authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { cancelWaitingMessage } from '../outbox/outbox.repository.ts';
import { paymentDetailsFor, paymentDetailsOfLans } from '../payments/payment-details.ts';
import { findUserFacts } from '../users/user-facts.repository.ts';
import { presentSubscribers, waitlistPositionsAmong } from './lan-subscribers.presenter.ts';
import {
  findSubscriberDetails,
  pageSubscribersOfLan,
  pageSubscriptionsOfUser,
  type SubscriberDetailRow,
  updateSubscriberRow,
} from './lan-subscribers.repository.ts';
import { findPlaceLan, type PlaceLanRow } from './place-lans.repository.ts';
import { presentPlacePayment } from './place-payment.presenter.ts';
import {
  changeSubscriberStatus,
  isLanFullNow,
  moveUpWaitlist,
  type PlacesDeps,
  readWaitlistPositions,
} from './places.ts';
import { statusMailThread, tellStatusChange } from './status-mails.ts';
import {
  deleteSubscriber,
  findSeatLabelsOf,
  findSubscriberById,
  findSubscriberOf,
  insertSubscriber,
} from './subscribers.repository.ts';

export type SubscribersDeps = PlacesDeps & {
  db: AppDatabase;
  /** The time of a status change (tests set it: the status mails' minute, decision 034). */
  clock?: () => Date;
};

type Page = { offset: number; limit: number };

/**
 * Subscriber rows in the contract's shape, their users' roles, stats and avatars and their
 * waitlist positions read for them. `isEverySubscriber`: the rows are all the subscribers of
 * their lans (a lan's page), so the waitlist is worked out from them rather than read again.
 */
export async function readSubscribers(
  db: Executor,
  rows: readonly SubscriberDetailRow[],
  { timeZone, isEverySubscriber = false }: { timeZone: string; isEverySubscriber?: boolean },
): Promise<Subscriber[]> {
  const lans = rows.map((row) => ({
    id: row.lan_id,
    maximumSubscribers: row.lan_maximum_subscribers,
  }));
  const [factsOf, waitlistPositionOf] = await Promise.all([
    findUserFacts(
      db,
      rows.map((row) => row.user_id),
    ),
    isEverySubscriber ? waitlistPositionsAmong(lans, rows) : readWaitlistPositions(db, lans),
  ]);
  return presentSubscribers(rows, { timeZone, factsOf, waitlistPositionOf });
}

async function presentOne(db: AppDatabase, id: number, timeZone: string): Promise<Subscriber> {
  const row = await findSubscriberDetails(db, id);
  const [subscriber] = row ? await readSubscribers(db, [row], { timeZone }) : [];
  if (!subscriber) throw new ProblemError(404, `There is no subscriber ${id}.`);
  return subscriber;
}

/**
 * A page of a lan's subscribers and whether the lan is active: who may see the lan is the
 * caller's to check.
 */
export async function listSubscribersOfLan(
  deps: Pick<SubscribersDeps, 'db' | 'communityTimeZone'>,
  lanId: number,
  page: Page,
): Promise<{ subscribers: Paged<Subscriber>; isLanActive: boolean }> {
  const lan = await findPlaceLan(deps.db, lanId);
  if (!lan) throw new ProblemError(404, `There is no lan ${lanId}.`);
  const { rows, total } = await pageSubscribersOfLan(deps.db, lanId, page);
  const items = await readSubscribers(deps.db, rows, { timeZone: deps.communityTimeZone });
  return { subscribers: { items, ...page, total }, isLanActive: toBoolean(lan.is_active) };
}

/**
 * The viewer's own subscriptions, newest lan first; inactive lans stay hidden. Each
 * carries its ticket's check-in code and its money while it holds a place.
 */
export async function listOwnSubscriptions(
  deps: SubscribersDeps,
  viewer: Viewer,
  page: Page,
): Promise<Paged<OwnSubscription>> {
  const { rows, total } = await pageSubscriptionsOfUser(deps.db, viewer.user.id, {
    isActiveOnly: !isAllowed(viewer, 'lans.seeInactive'),
    ...page,
  });
  const subscribers = await readSubscribers(deps.db, rows, {
    timeZone: deps.communityTimeZone,
  });
  const placeLanIds = subscribers
    .filter(({ status }) => hasTicket(status))
    .map(({ lan }) => lan.id);
  const [payments, seats] = await Promise.all([
    paymentDetailsOfLans(deps.db, placeLanIds),
    findSeatLabelsOf(deps.db, viewer.user.id, placeLanIds),
  ]);
  const paymentOf = (lan: { id: number; name: string }) => {
    const details = payments.get(lan.id);
    return details
      ? paymentDetailsFor(details, { lan: lan.name, nickname: viewer.user.nickname })
      : null;
  };
  const items = subscribers.map((subscriber, index) => ({
    ...subscriber,
    checkInCode: hasTicket(subscriber.status) ? (rows[index]?.check_in_code ?? null) : null,
    shortCode: hasTicket(subscriber.status) ? (rows[index]?.short_code ?? null) : null,
    ...presentPlacePayment(subscriber.status, rows[index]?.amount_due_cents ?? null),
    payment: hasTicket(subscriber.status) ? paymentOf(subscriber.lan) : null,
    seat: seats.get(subscriber.lan.id) ?? null,
  }));
  return { items, ...page, total };
}

/**
 * POST subscribers: a Pending subscription to an active, open lan that is not full, or
 * on a full lan's waitlist when asked for. The unique index on (lan, user) decides
 * between simultaneous requests.
 */
export async function subscribe(
  deps: SubscribersDeps,
  viewer: Viewer,
  input: SubscribeInput,
): Promise<Subscriber> {
  authorize(viewer, 'subscriber.subscribe', input.userId);
  const lan = await findPlaceLan(deps.db, input.lanId);
  // An inactive lan is a 404 to anyone but lan administrators.
  if (!lan || (!toBoolean(lan.is_active) && !isAllowed(viewer, 'lans.seeInactive')))
    throw new ProblemError(404, `There is no lan ${input.lanId}.`);
  if (input.userId !== viewer.user.id && !(await findUserById(deps.db, input.userId)))
    throw new ProblemError(404, `There is no user ${input.userId}.`);
  const now = new Date();
  if (!toBoolean(lan.is_active)) throw new ProblemError(409, 'The lan is not active.');
  if (!isLanOpen({ endDate: lan.end_date }, now)) throw new ProblemError(409, 'The lan is closed.');
  if (await findSubscriberOf(deps.db, lan.id, input.userId))
    throw new ProblemError(409, 'You are already subscribed to this lan.');
  if (!input.waitlist && (await isLanFullNow(deps.db, lan)))
    throw new ProblemError(409, 'The lan is full.');
  let id: number;
  try {
    id = (
      await insertSubscriber(
        deps.db,
        { lanId: lan.id, userId: input.userId, status: 'Pending' },
        now,
      )
    ).id;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ProblemError(409, 'You are already subscribed to this lan.');
    throw error;
  }
  return presentOne(deps.db, id, deps.communityTimeZone);
}

/**
 * DELETE subscribers/{id}: the owner's own while Pending or Accepted (the contract's
 * canOwnerWithdraw), anyone's by a lan administrator. A place withdrawn from a full lan goes to the
 * first on its waitlist, in the same transaction.
 */
export async function withdraw(deps: SubscribersDeps, viewer: Viewer, id: number): Promise<void> {
  const now = deps.clock?.() ?? new Date();
  await deps.db.transaction().execute(async (trx) => {
    const known = await findSubscriberById(trx, id);
    if (!known) throw new ProblemError(404, `There is no subscriber ${id}.`);
    authorize(viewer, 'subscriber.withdraw', known);
    const lan = await findPlaceLan(trx, known.lan_id, { isLocked: true });
    // Read again under the lan's lock: simultaneous withdrawals of one subscription find
    // it gone after the first, on both engines.
    const subscriber = await findSubscriberById(trx, id);
    if (!lan || !subscriber) throw new ProblemError(404, `There is no subscriber ${id}.`);
    if (!isAllowed(viewer, 'subscribers.manage') && !canOwnerWithdraw(subscriber.status)) {
      throw new ProblemError(
        409,
        `A ${subscriber.status.toLowerCase()} subscription can only be withdrawn by a lan administrator.`,
      );
    }
    if (!(await dropSubscription(trx, deps, lan, subscriber, now)))
      throw new ProblemError(404, `There is no subscriber ${id}.`);
  });
}

/**
 * Deletes a subscription of a lan locked by the caller (findPlaceLan with isLocked): its
 * owner leaves the lan (their seat and its tournaments: deps.leaveLan), a status mail still
 * waiting goes with it, and a place it took goes to the first on the waitlist. False when
 * it was gone already. Also for an erased account's lans to come (issue 36).
 */
export async function dropSubscription(
  trx: Executor,
  deps: PlacesDeps,
  lan: PlaceLanRow,
  subscriber: { id: number; user_id: number; status: SubscriberStatus },
  now: Date,
): Promise<boolean> {
  const wasFull = await isLanFullNow(trx, lan);
  if (!(await deleteSubscriber(trx, subscriber.id))) return false;
  await deps.leaveLan(trx, lan.id, subscriber.user_id);
  // A status mail still waiting would tell of a subscription that is gone.
  await cancelWaitingMessage(trx, statusMailThread(subscriber.id), now);
  if (isPlaceTaking(subscriber.status)) await moveUpWaitlist(trx, deps, lan, { wasFull }, now);
  return true;
}

/**
 * PUT subscribers/{id}/status:…. Taking a place (Accepted, Paid) is refused when the lan
 * is full; the lan row is locked first, so concurrent changes are counted one by one.
 * A place left on a full lan goes to the first on its waitlist. See changeSubscriberStatus.
 * The lanner is told by a mail a minute later, unless the change is made back by then
 * (tellStatusChange); a denial's `reason` goes in its mail.
 */
export async function setSubscriberStatus(
  deps: SubscribersDeps,
  viewer: Viewer,
  id: number,
  status: SubscriberStatus,
  options: { reason?: string | null } = {},
): Promise<Subscriber> {
  authorize(viewer, 'subscribers.manage');
  if (options.reason && status !== 'Denied') {
    throw new ProblemError(400, 'A reason is given only when denying.', {
      errors: { reason: ['A reason is given only with status:denied'] },
    });
  }
  const now = deps.clock?.() ?? new Date();
  await deps.db.transaction().execute(async (trx) => {
    const known = await findSubscriberById(trx, id);
    if (!known) throw new ProblemError(404, `There is no subscriber ${id}.`);
    const lan = await findPlaceLan(trx, known.lan_id, { isLocked: true });
    const subscriber = await findSubscriberById(trx, id);
    if (!lan || !subscriber) throw new ProblemError(404, `There is no subscriber ${id}.`);
    const was = subscriber.status;
    const wasFull = await isLanFullNow(trx, lan);
    if (isPlaceTaking(status) && !isPlaceTaking(was) && wasFull)
      throw new ProblemError(409, 'The lan is full.');
    await changeSubscriberStatus(trx, deps, lan, subscriber, status, now);
    await tellStatusChange(
      trx,
      deps,
      lan,
      { subscriberId: id, was, status, reason: options.reason ?? null },
      now,
    );
    if (isPlaceTaking(was) && !isPlaceTaking(status))
      await moveUpWaitlist(trx, deps, lan, { wasFull, except: id }, now);
  });
  return presentOne(deps.db, id, deps.communityTimeZone);
}

/** PUT subscribers/{id}/present:…: only Paid subscribers are present or absent. */
export async function setSubscriberPresence(
  deps: SubscribersDeps,
  viewer: Viewer,
  id: number,
  isPresent: boolean,
): Promise<Subscriber> {
  authorize(viewer, 'subscribers.manage');
  await deps.db.transaction().execute(async (trx) => {
    const subscriber = await findSubscriberById(trx, id);
    if (!subscriber) throw new ProblemError(404, `There is no subscriber ${id}.`);
    if (subscriber.status !== 'Paid')
      throw new ProblemError(409, 'Only paid subscribers can be marked present or absent.');
    const now = new Date();
    // Marked present by hand is a check-in too: by whom and when, unless they already were.
    const isCheckIn = isPresent && !toBoolean(subscriber.present ?? false);
    await updateSubscriberRow(
      trx,
      id,
      isCheckIn
        ? { present: true, checked_in_at: now.toISOString(), checked_in_by_user_id: viewer.user.id }
        : { present: isPresent },
      now,
    );
  });
  return presentOne(deps.db, id, deps.communityTimeZone);
}
