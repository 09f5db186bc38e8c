import type { Role } from '@lanparty/contract';
import { grantableRoles as grantableRolesOf, requiredRoles } from '@lanparty/contract/rules';
import { hasAnyRole, type Viewer } from '../auth/viewer.ts';

/** Personal fields (e-mail, names, city, birth date) are for the user and member administrators. */
export function canSeePersonalFields(viewer: Viewer | null, userId: number): boolean {
  return viewer?.user.id === userId || canManageUsers(viewer);
}

/** Member administrators manage users; a system administrator may do everything. */
export function canManageUsers(viewer: Viewer | null): boolean {
  return hasAnyRole(viewer, requiredRoles.userManagement);
}

/** A member administrator grants Lanner and Member; a system administrator every role. */
export function grantableRoles(viewer: Viewer | null): Role[] {
  return grantableRolesOf(viewer?.roles ?? []);
}

export function canUploadAvatar(viewer: Viewer | null, userId: number): boolean {
  return viewer?.user.id === userId || canManageUsers(viewer);
}
