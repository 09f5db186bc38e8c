import { requiredRoles } from '@lanparty/contract/rules';
import type { Viewer } from './viewer.tsx';

/*
 * What the viewer may see, by the contract's role lists and role check (decision 019):
 * the server refuses the same calls, and a SystemAdministrator passes every check.
 */

/** Spec §6: the stats section (and its link) is for lanners and members. */
export function canSeeStats(viewer: Viewer): boolean {
  return viewer.hasAnyRole(requiredRoles.stats);
}

/** Spec §6: the Admin link is for any of the three administrator roles. */
export function canSeeAdmin(viewer: Viewer): boolean {
  return viewer.hasAnyRole(requiredRoles.administration);
}

/**
 * Spec §6: the profile link (with the nickname) is for lanners; anyone else signed in
 * reaches /profile through the notices that send them there (issue 50 §1).
 */
export function canSeeProfileLink(viewer: Viewer): boolean {
  return viewer.hasAnyRole(requiredRoles.lanner);
}

/** The admin users screen is for member administrators. */
export function canManageUsers(viewer: Viewer): boolean {
  return viewer.hasAnyRole(requiredRoles.userManagement);
}

/** The admin lans screens are for lan administrators. */
export function canManageLans(viewer: Viewer): boolean {
  return viewer.hasAnyRole(requiredRoles.lanManagement);
}
