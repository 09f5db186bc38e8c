/*
 * Rules about users that both sides apply, kept free of zod: the web app's first screen
 * imports them (the profile notifications), and a schema module would bring zod along.
 */
import type { Role, UserProfile } from './schemas/users.ts';

/** The five roles of the specification, in its order. */
export const roleNames = [
  'Lanner',
  'Member',
  'LanAdministrator',
  'MemberAdministrator',
  'SystemAdministrator',
] as const;

type ProfileFields = Pick<UserProfile, 'email' | 'firstName' | 'surname' | 'city' | 'birthDate'>;

/** A profile is complete when email, first name, surname, city and birth date are all set. */
export function isProfileComplete(user: ProfileFields): boolean {
  return [user.email, user.firstName, user.surname, user.city, user.birthDate].every(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
}

/**
 * The roles someone with `granterRoles` may grant or revoke: a SystemAdministrator every
 * role, a MemberAdministrator Lanner and Member, anyone else none. (Nobody removes their
 * own SystemAdministrator role; that is a rule about the target, not the granter.)
 */
export function grantableRoles(granterRoles: readonly Role[]): Role[] {
  if (granterRoles.includes('SystemAdministrator')) return [...roleNames];
  if (granterRoles.includes('MemberAdministrator')) return ['Lanner', 'Member'];
  return [];
}
