import type { Role } from '@lanparty/contract';
import type { AppDatabase } from '../src/db/database.ts';
import {
  insertUser,
  replaceRoles,
  type UserRow,
} from '../src/modules/accounts/accounts.repository.ts';
import type { FakeIssuer } from './fake-issuer.ts';

export type SignedIn = { user: UserRow; headers: { authorization: string } };

let counter = 0;

/** A user with these roles, and the Authorization header of a valid token for them. */
export async function signInAs(
  db: AppDatabase,
  issuer: FakeIssuer,
  roles: Role[],
  profile: { nickname?: string; email?: string; steamId?: string } = {},
): Promise<SignedIn> {
  counter += 1;
  const subject = `subject-${process.pid}-${counter}`;
  const user = await insertUser(db, {
    subject,
    nickname: profile.nickname ?? `${roles.join('-') || 'visitor'}-${counter}`,
    email: profile.email ?? null,
    steamId: profile.steamId ?? null,
  });
  await replaceRoles(db, user.id, roles);
  const token = await issuer.signToken({ sub: subject });
  return { user, headers: { authorization: `Bearer ${token}` } };
}

/** Who calls in an authorization matrix: nobody, a user without roles, or one role. */
export type Caller = 'anonymous' | 'no role' | Role;

/** The callers of the lan and subscriber matrices. */
export const lanApiCallers: Caller[] = [
  'anonymous',
  'no role',
  'Lanner',
  'Member',
  'LanAdministrator',
  'SystemAdministrator',
];

/** Every caller there is: nobody, a user without roles, and each role on its own. */
export const everyCaller: readonly Caller[] = [
  'anonymous',
  'no role',
  'Lanner',
  'Member',
  'MemberAdministrator',
  'LanAdministrator',
  'SystemAdministrator',
];

/** A signed-in user per caller (none for anonymous), each with exactly that role. */
export async function signInCallers(
  db: AppDatabase,
  issuer: FakeIssuer,
  callers: readonly Caller[],
): Promise<Partial<Record<Caller, SignedIn>>> {
  const signedIn: Partial<Record<Caller, SignedIn>> = {};
  for (const caller of callers) {
    if (caller === 'anonymous') continue;
    signedIn[caller] = await signInAs(db, issuer, caller === 'no role' ? [] : [caller]);
  }
  return signedIn;
}
