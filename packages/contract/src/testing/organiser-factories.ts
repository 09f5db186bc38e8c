/*
 * Test data of the organiser's screens and calls (issue 12), in the contract's shapes.
 * Each call builds a fresh object.
 */

import type { Role } from '../rules/role-rules.ts';
import { placePaymentOf } from '../rules/subscriber-rules.ts';
import type {
  LanMessage,
  Participant,
  ParticipantList,
  ParticipantTotals,
  SignUp,
} from '../schemas/organiser.ts';
import type { OwnSubscription } from '../schemas/subscribers.ts';
import { buildSubscriber, buildUserPublic } from './factories.ts';

/**
 * An Accepted participant of lan 1 with a verified address, owing the member price. What
 * they paid and what is outstanding follow from the status and amountDue given, unless
 * given too.
 */
export function buildParticipant(overrides: Partial<Participant> = {}): Participant {
  const participant: Participant = {
    subscriberId: 1,
    userId: 2,
    nickname: 'gamer',
    firstName: 'Gina',
    surname: 'Mer',
    email: 'gina@example.com',
    emailVerified: true,
    isMember: true,
    status: 'Accepted',
    waitlistPosition: null,
    amountDue: 20,
    amountPaid: null,
    amountOutstanding: null,
    present: null,
    subscribedOn: '2026-01-05T10:00:00Z',
    checkInCode: '7K3M9QX2T5VBN8RD4HWCJ6PZAE',
    shortCode: '7KQ4MZ2X',
    checkedInAt: null,
    checkedInBy: null,
    seat: null,
    ...overrides,
  };
  return { ...participant, ...paymentFields(participant), ...overrides };
}

/** The amounts of a place as the server presents them: all three null without one. */
function paymentFields(subscriber: Pick<Participant, 'status' | 'amountDue'>) {
  const payment = placePaymentOf(subscriber);
  return {
    amountDue: payment?.amountDue ?? null,
    amountPaid: payment?.amountPaid ?? null,
    amountOutstanding: payment?.amountOutstanding ?? null,
  };
}

export function buildParticipantTotals(
  overrides: Partial<ParticipantTotals> = {},
): ParticipantTotals {
  return {
    expected: 0,
    received: 0,
    outstanding: 0,
    pending: 0,
    accepted: 0,
    paid: 0,
    denied: 0,
    waitlist: 0,
    present: 0,
    ...overrides,
  };
}

export function buildParticipantList(
  participants: Participant[] = [],
  totals: Partial<ParticipantTotals> = {},
): ParticipantList {
  return { participants, totals: buildParticipantTotals(totals) };
}

/** A message sent to the Accepted and Paid participants of lan 1 by `admin`. */
export function buildLanMessage(overrides: Partial<LanMessage> = {}): LanMessage {
  return {
    id: 1,
    subject: 'Doors open at 18:00',
    body: 'Bring your own power strip.',
    sender: { id: 1, nickname: 'admin' },
    sentAt: '2026-01-10T18:30:00Z',
    statuses: ['Accepted', 'Paid'],
    chat: false,
    recipients: 12,
    unreachable: [],
    ...overrides,
  };
}

/** One of the viewer's own subscriptions, Accepted with a ticket unless told otherwise. */
export function buildOwnSubscription(overrides: Partial<OwnSubscription> = {}): OwnSubscription {
  return {
    ...buildSubscriber({ status: 'Accepted' }),
    checkInCode: '7K3M9QX2T5VBN8RD4HWCJ6PZAE',
    shortCode: '7KQ4MZ2X',
    ...paymentFields({ status: overrides.status ?? 'Accepted', amountDue: 30 }),
    payment: null,
    seat: null,
    ...overrides,
  };
}

/** A new user without the Lanner role, verified and complete unless told otherwise. */
export function buildSignUp({
  id = 5,
  nickname = 'newbie',
  roles = [],
  ...overrides
}: Partial<SignUp> & { id?: number; nickname?: string; roles?: Role[] } = {}): SignUp {
  return {
    user: buildUserPublic({ id, nickname, roles }),
    email: `${nickname}@example.com`,
    emailVerified: true,
    isProfileComplete: true,
    missingProfileFields: [],
    creationDate: '2026-02-03T20:15:00Z',
    ...overrides,
  };
}
