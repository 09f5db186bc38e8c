import type { PaymentDetails, SubscriberStatus } from '@lanparty/contract';
import { formatEuros, formatIban, isPlaceTaking, textMoney } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { wallClockOf } from '../../lib/zoned-time.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import { formatChatDate, lanPageUrl } from '../chat/chat-messages.ts';
import { statusNotice } from '../notices/notice-texts.ts';
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
import { findSubscriberById, findSubscriberIdsOfLan } from './subscribers.repository.ts';

/*
 * The mail that tells a lanner an administrator changed their status (decision 034): one
 * per change, sent a minute later, and none when the change is made back within that
 * minute. The mails of one subscription form an outbox thread; each change cancels the
 * thread's mail not yet sent, in the transaction of the change, and queues the one for
 * what is to be told now, counted from what the lanner last knew. At a free lan Paid is
 * told as Accepted (nothing to pay), never as a receipt of €0.00.
 */

/** How long a status mail waits for a correction before it goes. */
export const statusMailWaitMs = 60_000;

export type StatusMailDeps = { publicUrl: URL; communityTimeZone: string };

/** What the mails say of the lan. */
export type StatusMailLan = {
  id: number;
  name: string;
  is_active: boolean | number;
  start_date: Date | string;
};

export type StatusChange = {
  subscriberId: number;
  /** The status before this change. */
  was: SubscriberStatus;
  status: SubscriberStatus;
  /** With a denial: the organiser's reason, plain text. */
  reason?: string | null;
};

/** The outbox thread of a subscription's status mails. */
export const statusMailThread = (subscriberId: number) => `subscriber-status:${subscriberId}`;

/**
 * Tells the lanner of an administrator's change of their status, in the caller's
 * transaction (after the change is written, with the lan's row locked, so changes of one
 * subscription come one by one): a notice at once (issue 53), and a mail a minute later to
 * a verified address only, unless the change is made back by then.
 */
export async function tellStatusChange(
  db: Executor,
  deps: StatusMailDeps,
  lan: StatusMailLan,
  change: StatusChange,
  now: Date,
): Promise<void> {
  const thread = statusMailThread(change.subscriberId);
  const cancelled = await cancelWaitingMessage(db, thread, now);
  // What they were told last: a cancelled mail was never sent, so they knew its origin.
  const knew = (cancelled?.origin as SubscriberStatus | null | undefined) ?? change.was;
  const subscriber = await findSubscriberById(db, change.subscriberId);
  if (!subscriber) return;
  const amountDueCents = subscriber.amount_due_cents ?? 0;
  // The notice at once, whatever the mail does (issue 53): the person's bell and phone.
  const notice = statusNotice(subscriber.user_id, lan, { ...change, amountDueCents });
  if (notice) await insertNotices(db, [notice], now);
  // Paid with nothing owed (a free lan) tells no more than Accepted: no receipt of €0.00.
  const told = (status: SubscriberStatus) =>
    status === 'Paid' && amountDueCents === 0 ? 'Accepted' : status;
  // Made back to what they knew within the minute: nothing to tell.
  if (told(change.status) === told(knew)) return;
  const user = await findUserById(db, subscriber.user_id);
  if (!user?.email || !toBoolean(user.is_email_activated)) return;
  const mail = await composeStatusMail(db, deps, lan, {
    nickname: user.nickname,
    knew,
    change: { ...change, status: told(change.status) },
    amountDueCents,
    now,
  });
  await enqueueMessage(
    db,
    {
      channel: 'email',
      dedupeKey: await nextDedupeKey(db, thread),
      payload: { to: user.email, ...mail },
      people: { recipient: user.id, named: await paymentContactsIn(db, lan.id, mail.text) },
    },
    now,
    {
      notBefore: new Date(now.getTime() + statusMailWaitMs),
      thread: { key: thread, origin: knew },
    },
  );
}

/** Cancels the status mails still waiting of a lan's subscriptions: the lan is going. */
export async function cancelStatusMailsOfLan(db: Executor, lanId: number, now: Date) {
  for (const id of await findSubscriberIdsOfLan(db, lanId))
    await cancelWaitingMessage(db, statusMailThread(id), now);
}

type MailFacts = {
  nickname: string;
  knew: SubscriberStatus;
  change: StatusChange;
  amountDueCents: number;
  now: Date;
};

async function composeStatusMail(
  db: Executor,
  deps: StatusMailDeps,
  lan: StatusMailLan,
  facts: MailFacts,
): Promise<{ subject: string; text: string }> {
  const payment = paymentDetailsFor(await paymentDetailsOfLan(db, lan.id), {
    lan: lan.name,
    nickname: facts.nickname,
  });
  const day = formatChatDate(toIsoTimestamp(lan.start_date), deps.communityTimeZone);
  const about = `${lan.name} (starting ${day})`;
  // A hidden lan's page would answer "not found": no link until it is shown again.
  const pageLink = (label: string) =>
    toBoolean(lan.is_active) ? `${label}:\n${lanPageUrl(deps.publicUrl, lan.id)}\n\n` : '';
  const greeting = `Hi ${facts.nickname},\n\n`;
  const signature = '— Lanparty';
  const { status, reason } = facts.change;
  if (status === 'Accepted') {
    return {
      subject: `You are accepted for ${lan.name}`,
      text:
        `${greeting}You are accepted for ${about}.\n\n` +
        `${howToPay(facts.amountDueCents, payment)}\n\n` +
        pageLink("Your ticket is on the lan's page") +
        'If you cannot come after all, withdraw there: that frees your place for someone ' +
        `else.\n\n${signature}`,
    };
  }
  if (status === 'Paid') {
    return {
      subject: `Receipt: you have paid for ${lan.name}`,
      text:
        `${greeting}You have paid for ${about}. Your receipt:\n\n` +
        `  Lan:         ${lan.name}, starting ${day}\n` +
        `  Amount paid: ${formatEuros(facts.amountDueCents, textMoney)}\n` +
        `  Received on: ${formatMoment(facts.now, deps.communityTimeZone)}\n\n` +
        pageLink("Your ticket is on the lan's page") +
        `${askTheOrganiser('A paid place is withdrawn through the organiser: for a refund', payment)}\n\n` +
        signature,
    };
  }
  if (status === 'Denied') {
    return {
      subject: `Your subscription to ${lan.name} was denied`,
      text:
        `${greeting}Sorry, you have been denied a place at ${about}.\n\n` +
        (reason ? `The organiser's reason:\n\n${indent(reason)}\n\n` : '') +
        `${askTheOrganiser('Questions', payment)}\n\n${signature}`,
    };
  }
  return {
    subject: `Your subscription to ${lan.name} is pending again`,
    text:
      `${greeting}Your request for participation in ${about} is pending again: ` +
      (isPlaceTaking(facts.knew)
        ? 'your place is no longer confirmed, and it may not be yours.'
        : 'the organiser is looking at it again.') +
      ' You will get a mail when that changes.\n\n' +
      pageLink("The lan's page") +
      signature,
  };
}

/** What an accepted lanner owes and how to pay it, from the lan's payment details. */
export function howToPay(amountDueCents: number, payment: PaymentDetails): string {
  if (amountDueCents === 0) return 'There is nothing to pay for this lan.';
  const lines = [`You owe ${formatEuros(amountDueCents, textMoney)}.`];
  if (payment.iban) {
    lines.push('', 'Please transfer it to:');
    if (payment.accountHolder) lines.push(`  Account holder: ${payment.accountHolder}`);
    lines.push(`  IBAN:           ${formatIban(payment.iban)}`);
    if (payment.reference) lines.push(`  Reference:      ${payment.reference}`);
  } else {
    lines.push('The organiser will tell you how to pay.');
  }
  if (payment.contactEmail) lines.push('', `Questions about paying: ${payment.contactEmail}`);
  return lines.join('\n');
}

/** Whom to write to about money: the contact e-mail, else a lan administrator. */
function askTheOrganiser(about: string, payment: PaymentDetails): string {
  return payment.contactEmail
    ? `${about}, write to the organiser at ${payment.contactEmail}.`
    : `${about}, ask one of the lan's administrators.`;
}

function indent(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `  ${line}`)
    .join('\n');
}

/** `27 Nov 2026, 18:04` on the community's clocks. */
function formatMoment(instant: Date, timeZone: string): string {
  const wall = wallClockOf(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  const day = formatChatDate(`${wall.year}-${two(wall.month)}-${two(wall.day)}`);
  return `${day}, ${two(wall.hour)}:${two(wall.minute)}`;
}
