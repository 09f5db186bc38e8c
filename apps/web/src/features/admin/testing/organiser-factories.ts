/*
 * Test data of the organiser's screens, in the contract's shapes. They belong beside
 * buildSubscriber in @lanparty/contract/testing; they live here until the contract has
 * them. Each call builds a fresh object.
 */
import type {
  LanMessage,
  Participant,
  ParticipantList,
  ParticipantTotals,
} from '@lanparty/contract';

/** An Accepted participant of lan 1 with a verified address, owing the member price. */
export function buildParticipant(overrides: Partial<Participant> = {}): Participant {
  return {
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
    present: null,
    subscribedOn: '2026-01-05T10:00:00Z',
    checkInCode: '7K3M9QX2T5VBN8RD4HWCJ6PZAE',
    ...overrides,
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
