/*
 * Test data built from the contract's types. Each call builds a fresh object, so a test
 * changes only what it needs without touching another test's data.
 */
import type { Paged, UserProfile, UserPublic } from '@lanparty/contract';

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
