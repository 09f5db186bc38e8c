/*
 * For tests only, on both sides of the wire (`@lanparty/contract/testing`): valid examples
 * built from the contract's types. Each call builds a fresh object, so a test changes only
 * what it needs without touching another test's data. The defaults describe an ordinary
 * case: an active lan far in the future with room for 10 and nobody subscribed yet.
 */
import type { Paged } from '../schemas/common.ts';
import type { Lan, LanDraft, LanInput } from '../schemas/lans.ts';
import type { GameLeaderboardItem, PlayerLeaderboardItem } from '../schemas/stats.ts';
import type { Subscriber } from '../schemas/subscribers.ts';
import type { UserProfile, UserProfileInput, UserPublic } from '../schemas/users.ts';

export function buildUserPublic(overrides: Partial<UserPublic> = {}): UserPublic {
  return {
    id: 1,
    nickname: 'pixelpete',
    steamId: '76561197960287930',
    roles: [],
    stats: { numberOfLans: 0, lastLanOn: null },
    avatarVersion: null,
    clan: null,
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
    showsHistory: true,
    notices: { newBadges: [], asksSteamPlaytimeConsent: false },
    ...overrides,
  };
}

/** A PUT body; values are `unknown` so tests can send what a careless client might. */
export function buildUserProfileInput(
  overrides: Partial<Record<keyof UserProfileInput, unknown>> = {},
): Record<string, unknown> {
  return {
    email: 'pete@example.com',
    firstName: 'Pete',
    surname: 'de Vries',
    city: 'Utrecht',
    birthDate: '1995-06-21',
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
    waitlistPosition: null,
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
    location: null,
    bannerVersion: null,
    ...overrides,
  };
}

/** A POST body; values are `unknown` so tests can send what a careless client might. */
export function buildLanInput(
  overrides: Partial<Record<keyof LanInput, unknown>> = {},
): Record<string, unknown> {
  return {
    name: 'Winter lan',
    description: 'Bring your own computer.',
    startDate: '2025-03-14T18:00:00+01:00',
    endDate: '2025-03-16T16:00:00+01:00',
    isActive: false,
    maximumSubcribers: 40,
    price: 27.5,
    membersPrice: 20,
    ...overrides,
  };
}

/** What a new lan starts from (GET /api/lans/defaults): no name yet, the default prices. */
export function buildLanDraft(overrides: Partial<LanDraft> = {}): LanDraft {
  return {
    name: '',
    description: '',
    startDate: '2025-03-14T18:00:00+01:00',
    endDate: '2025-03-16T18:00:00+01:00',
    isActive: false,
    maximumSubcribers: 24,
    price: 30,
    membersPrice: 25,
    timeZone: 'Europe/Amsterdam',
    ...overrides,
  };
}

/** A player's line of a month's leaderboard: first, new this month, all the time in game 1. */
export function buildPlayerLeaderboardItem(
  overrides: Partial<PlayerLeaderboardItem> = {},
): PlayerLeaderboardItem {
  const totalPlaytime = overrides.totalPlaytime ?? '10:00:00';
  return {
    user: buildUserPublic(),
    totalPlaytime,
    position: 1,
    previousPosition: null,
    games: { '1': totalPlaytime },
    ...overrides,
  };
}

/** A game's line of a month's leaderboard: first, new this month. */
export function buildGameLeaderboardItem(
  overrides: Partial<GameLeaderboardItem> = {},
): GameLeaderboardItem {
  return {
    game: { id: 1, name: 'Factorio' },
    totalPlaytime: '10:00:00',
    position: 1,
    previousPosition: null,
    ...overrides,
  };
}
