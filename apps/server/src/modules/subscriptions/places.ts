import type { SubscriberStatus } from '@lanparty/contract';
import {
  amountDueFor,
  countMovingUp,
  isFull,
  isPlaceTaking,
  waitlistOrder,
} from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { findRoles, findUserById } from '../accounts/accounts.repository.ts';
import { formatChatDate, lanPageUrl, subscriberAcceptedMessage } from '../chat/chat-messages.ts';
import { movedUpNotice } from '../notices/notice-texts.ts';
import { insertNotices } from '../notices/notices.repository.ts';
import {
  cancelWaitingMessage,
  enqueueMessage,
  nextDedupeKey,
} from '../outbox/outbox.repository.ts';
import {
  paymentContactsIn,
  paymentDetailsFor,
  paymentDetailsOfLan,
} from '../payments/payment-details.ts';
import { waitlistPositionsAmong } from './lan-subscribers.presenter.ts';
import {
  countTakenPlacesOf,
  listWaitlistRows,
  setWaitlistHeld,
  updateSubscriberRow,
} from './lan-subscribers.repository.ts';
import { howToPay, statusMailThread } from './status-mails.ts';

/**
 * Taking and leaving the places of a lan, in the caller's transaction, with the lan's row
 * already locked (`findPlaceLan`), so concurrent changes are counted one by one:
 * status changes that fix what a subscriber owes, and the waitlist moving up into places
 * that free.
 */

/**
 * What follows one leaving a lan (their place given up, their subscription gone, their
 * account erased): their seat freed and the lan's tournaments left, in the caller's
 * transaction. One step, `leaving/after-leaving-lan.ts`, handed in by the app (seating and
 * tournaments read subscriptions); called here, where a place is left, so no status path
 * forgets it (decision 049).
 */
export type LeaveLan = (trx: Executor, lanId: number, userId: number) => Promise<void>;

export type PlacesDeps = {
  publicUrl: URL;
  communityTimeZone: string;
  /** Without a webhook nothing is queued for the chat. */
  isChatOn: boolean;
  leaveLan: LeaveLan;
};

/** What the places of a lan depend on. */
/**
 * The waitlist position of each subscriber of these lans (the lan's maximum comes with
 * each row): a function answering a subscriber's position, or null.
 */
export async function readWaitlistPositions(
  db: Executor,
  lans: readonly { id: number; maximumSubscribers: number }[],
): Promise<(subscriberId: number) => number | null> {
  const rows = await listWaitlistRows(
    db,
    lans.map(({ id }) => id),
  );
  return waitlistPositionsAmong(lans, rows);
}

export type PlaceLan = {
  id: number;
  name: string;
  is_active: boolean | number;
  start_date: Date | string;
  maximum_subscribers: number;
  price_cents: number;
  members_price_cents: number;
  /** Places freed while it was full and inactive wait for its waitlist (decision 032). */
  is_waitlist_held: boolean | number;
};

type PlaceSubscriber = { id: number; user_id: number; status: SubscriberStatus };

/** True when the lan's places are all taken. */
export async function isLanFullNow(db: Executor, lan: PlaceLan): Promise<boolean> {
  return isFull({
    takenPlaces: await countTakenPlacesOf(db, lan.id),
    maximumSubcribers: lan.maximum_subscribers,
  });
}

/** What the user owes for the lan now: the member price for a Member, else the price. */
async function amountDueNow(db: Executor, lan: PlaceLan, userId: number): Promise<number> {
  const roles = (await findRoles(db, [userId])).get(userId) ?? [];
  return amountDueFor({ price: lan.price_cents, membersPrice: lan.members_price_cents }, roles);
}

/**
 * Gives a subscriber a status. Taking a place (Accepted or Paid from Pending or Denied)
 * fixes what they owe; leaving one forgets it; leaving Paid forgets the presence.
 * Becoming Accepted is announced in the chat. Capacity is the caller's to check.
 */
export async function changeSubscriberStatus(
  db: Executor,
  deps: PlacesDeps,
  lan: PlaceLan,
  subscriber: PlaceSubscriber,
  status: SubscriberStatus,
  now: Date,
): Promise<void> {
  const was = subscriber.status;
  const amountDue = !isPlaceTaking(status)
    ? { amount_due_cents: null }
    : isPlaceTaking(was)
      ? {}
      : { amount_due_cents: await amountDueNow(db, lan, subscriber.user_id) };
  await updateSubscriberRow(
    db,
    subscriber.id,
    { status, ...amountDue, ...(status === 'Paid' ? {} : { present: null }) },
    now,
  );
  // No longer a participant: out of their seat and the lan's tournaments, with the change.
  if (isPlaceTaking(was) && !isPlaceTaking(status))
    await deps.leaveLan(db, lan.id, subscriber.user_id);
  // Announced when someone takes a place, not when an administrator corrects Paid back
  // to Accepted; again each time they take one (set back to Pending, then moved up).
  if (deps.isChatOn && status === 'Accepted' && !isPlaceTaking(was)) {
    const user = await findUserById(db, subscriber.user_id);
    await enqueueMessage(
      db,
      {
        channel: 'chat',
        dedupeKey: await nextDedupeKey(db, `subscriber-accepted:${subscriber.id}`),
        payload: subscriberAcceptedMessage({
          lan: { id: lan.id, name: lan.name },
          nickname: user?.nickname ?? 'A lanner',
          publicUrl: deps.publicUrl,
        }),
        people: { named: [subscriber.user_id] },
      },
      now,
    );
  }
}

/**
 * Moves the waitlist up after a change that may have freed places, and after a lan is
 * made active again: when the lan had a waitlist (it was full before the change, or
 * places freed while it was full and inactive are held for it) and has not started, the
 * first on its waitlist take the places open now, each told by e-mail and heard in the
 * chat. An inactive lan moves nobody (its page would not open for the one told to come):
 * the places it has for its waitlist are held until it is active again (decision 032).
 * `except` (a subscriber the change just made Pending) stays where it is. Answers the ids
 * that moved up.
 */
export async function moveUpWaitlist(
  db: Executor,
  deps: PlacesDeps,
  lan: PlaceLan,
  change: { wasFull: boolean; except?: number },
  now: Date,
): Promise<number[]> {
  const wasHeld = toBoolean(lan.is_waitlist_held);
  const count = countMovingUp({
    wasFull: change.wasFull || wasHeld,
    hasStarted: new Date(lan.start_date).getTime() <= now.getTime(),
    takenPlaces: await countTakenPlacesOf(db, lan.id),
    maximumSubcribers: lan.maximum_subscribers,
  });
  const isActive = toBoolean(lan.is_active);
  const isHeld = !isActive && count > 0;
  // Written only when it changes: most changes of places leave the lan's row alone.
  if (isHeld !== wasHeld) await setWaitlistHeld(db, lan.id, isHeld);
  if (!isActive || count === 0) return [];
  const rows = await listWaitlistRows(db, [lan.id]);
  const movingUp = waitlistOrder(
    rows
      .filter((row) => row.id !== change.except)
      .map((row) => ({
        ...row,
        creationDate: toIsoTimestamp(row.creation_date),
      })),
  ).slice(0, count);
  for (const subscriber of movingUp) {
    await changeSubscriberStatus(db, deps, lan, subscriber, 'Accepted', now);
    await tellMovedUp(db, deps, lan, subscriber, now);
  }
  return movingUp.map(({ id }) => id);
}

/** The e-mail to a lanner who moved up from the waitlist (a verified address only). */
async function tellMovedUp(
  db: Executor,
  deps: PlacesDeps,
  lan: PlaceLan,
  subscriber: PlaceSubscriber,
  now: Date,
): Promise<void> {
  // This mail tells of their place; a status mail still waiting would tell of an older one.
  await cancelWaitingMessage(db, statusMailThread(subscriber.id), now);
  await insertNotices(db, [movedUpNotice(subscriber.user_id, lan)], now);
  const user = await findUserById(db, subscriber.user_id);
  if (!user?.email || !toBoolean(user.is_email_activated)) return;
  const amount = await amountDueNow(db, lan, subscriber.user_id);
  const day = formatChatDate(toIsoTimestamp(lan.start_date), deps.communityTimeZone);
  const link = lanPageUrl(deps.publicUrl, lan.id);
  const payment = paymentDetailsFor(await paymentDetailsOfLan(db, lan.id), {
    lan: lan.name,
    nickname: user.nickname,
  });
  await enqueueMessage(
    db,
    {
      channel: 'email',
      dedupeKey: `waitlist-moved-up:${subscriber.id}:${now.getTime()}`,
      people: {
        recipient: subscriber.user_id,
        named: await paymentContactsIn(db, lan.id, howToPay(amount, payment)),
      },
      payload: {
        to: user.email,
        subject: `A place opened up for you at ${lan.name}`,
        text:
          `Hi ${user.nickname},\n\n` +
          `A place opened up for you at ${lan.name} (starting ${day}), and you were first on ` +
          'the waitlist: you are now accepted.\n\n' +
          `${howToPay(amount, payment)}\n\n` +
          `Your ticket is on the lan's page:\n\n${link}\n\n` +
          'If you cannot come after all, withdraw there: that lets the next one on the ' +
          'waitlist in.\n\n— Lanparty',
      },
    },
    now,
  );
}
