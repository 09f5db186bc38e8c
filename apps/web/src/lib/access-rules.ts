import type { Role } from '@lanparty/contract';
import type { Viewer } from './viewer.tsx';

/** Spec §6: the stats section (and its link) is for lanners and members. */
export const STATS_ROLES: readonly Role[] = ['Lanner', 'Member'];

/** Spec §6: the Admin link is for any of the three administrator roles. */
export const ADMIN_ROLES: readonly Role[] = [
  'LanAdministrator',
  'MemberAdministrator',
  'SystemAdministrator',
];

/** Spec §6: the profile link is for lanners. */
export const PROFILE_ROLES: readonly Role[] = ['Lanner'];

export function canSeeStats(viewer: Viewer): boolean {
  return viewer.hasAnyRole(STATS_ROLES);
}

export function canSeeAdmin(viewer: Viewer): boolean {
  return viewer.hasAnyRole(ADMIN_ROLES);
}

export function canSeeProfileLink(viewer: Viewer): boolean {
  return viewer.user !== null && viewer.hasAnyRole(PROFILE_ROLES);
}

/** The admin users screen is for member and system administrators. */
export const USER_ADMIN_ROLES: readonly Role[] = ['MemberAdministrator', 'SystemAdministrator'];

export function canManageUsers(viewer: Viewer): boolean {
  return viewer.hasAnyRole(USER_ADMIN_ROLES);
}

/** The admin lans screens are for lan and system administrators. */
export const LAN_ADMIN_ROLES: readonly Role[] = ['LanAdministrator', 'SystemAdministrator'];

export function canManageLans(viewer: Viewer): boolean {
  return viewer.hasAnyRole(LAN_ADMIN_ROLES);
}
