/*
 * For tests only: factories of valid examples, and a short view of a parse's issues.
 * Each factory call builds a fresh object, so a test can change what it needs without
 * touching another test's data.
 */
import type { z } from 'zod';
import type { Lan, LanInput } from './lans.ts';
import type { Subscriber } from './subscribers.ts';
import type { UserProfile, UserProfileInput, UserPublic } from './users.ts';

export function buildUserPublic(overrides: Partial<UserPublic> = {}): UserPublic {
  return {
    id: 7,
    nickname: 'fragmaster',
    steamId: '76561197960287930',
    roles: ['Lanner'],
    stats: { numberOfLans: 3, lastLanOn: '2025-01-10T18:00:00+01:00' },
    ...overrides,
  };
}

export function buildUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    ...buildUserPublic(),
    email: 'frag@example.com',
    isEmailActivated: true,
    firstName: 'Femke',
    surname: 'de Vries',
    city: 'Utrecht',
    birthDate: '1995-06-21',
    creationDate: '2023-02-01T12:00:00Z',
    modificationDate: '2024-11-30T09:15:00.123Z',
    ...overrides,
  };
}

export function buildUserProfileInput(
  overrides: Partial<Record<keyof UserProfileInput, unknown>> = {},
): Record<string, unknown> {
  return {
    email: 'frag@example.com',
    firstName: 'Femke',
    surname: 'de Vries',
    city: 'Utrecht',
    birthDate: '1995-06-21',
    ...overrides,
  };
}

export function buildSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: 11,
    status: 'Accepted',
    creationDate: '2025-02-01T10:00:00+01:00',
    modificationDate: '2025-02-02T10:00:00+01:00',
    present: null,
    user: buildUserPublic(),
    lan: {
      id: 3,
      name: 'Winter lan',
      startDate: '2025-03-14T18:00:00+01:00',
      endDate: '2025-03-16T16:00:00+01:00',
    },
    ...overrides,
  };
}

export function buildLan(overrides: Partial<Lan> = {}): Lan {
  return {
    id: 3,
    name: 'Winter lan',
    description: 'Bring your own computer.',
    startDate: '2025-03-14T18:00:00+01:00',
    endDate: '2025-03-16T16:00:00+01:00',
    isActive: true,
    maximumSubcribers: 40,
    price: 27.5,
    membersPrice: 20,
    creationDate: '2025-01-05T20:00:00Z',
    modificationDate: '2025-01-06T20:00:00Z',
    subscribers: [buildSubscriber()],
    locationInvoiceNumber: null,
    locationIsPayed: false,
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

/** The issues of parsing `value`, as `{ path: 'a.b', message }`; empty when it parses. */
export function listIssues(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
