/*
 * Test data built from the contract's types. Each call builds a fresh object, so a test
 * changes only what it needs without touching another test's data.
 */
import type { Lan, Paged, Subscriber, UserProfile, UserPublic } from '@lanparty/contract';

export function buildUserPublic(overrides: Partial<UserPublic> = {}): UserPublic {
  return {
    id: 1,
    nickname: 'pixelpete',
    steamId: '76561197960287930',
    roles: [],
    stats: { numberOfLans: 0, lastLanOn: null },
    ...overrides,
  };
}

/** A user whose profile is complete, with a verified e-mail address. */
export function buildUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    ...buildUserPublic(),
    email: 'pete@example.com',
    isEmailActivated: true,
    firstName: 'Pete',
    surname: 'de Vries',
    city: 'Utrecht',
    birthDate: '1995-06-21',
    creationDate: '2023-02-01T12:00:00Z',
    modificationDate: '2024-11-30T09:15:00Z',
    ...overrides,
  };
}

export function buildPage<Item>(items: Item[], overrides: Partial<Paged<Item>> = {}): Paged<Item> {
  return { items, offset: 0, limit: 100, total: items.length, ...overrides };
}

/** A subscriber of lan 1, Pending unless told otherwise. */
export function buildSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: 1,
    status: 'Pending',
    creationDate: '2026-01-05T10:00:00Z',
    modificationDate: '2026-01-05T10:00:00Z',
    present: null,
    user: buildUserPublic({ id: 2, nickname: 'gamer' }),
    lan: {
      id: 1,
      name: 'Winter Lan',
      startDate: '2099-12-04T17:00:00Z',
      endDate: '2099-12-06T17:00:00Z',
    },
    ...overrides,
  };
}

/** An active, open lan far in the future with room for 10 and no subscribers. */
export function buildLan(overrides: Partial<Lan> = {}): Lan {
  return {
    id: 1,
    name: 'Winter Lan',
    description: '',
    startDate: '2099-12-04T17:00:00Z',
    endDate: '2099-12-06T17:00:00Z',
    isActive: true,
    maximumSubcribers: 10,
    price: 30,
    membersPrice: 20,
    creationDate: '2026-01-01T10:00:00Z',
    modificationDate: '2026-01-01T10:00:00Z',
    subscribers: [],
    locationInvoiceNumber: null,
    locationIsPayed: false,
    ...overrides,
  };
}
