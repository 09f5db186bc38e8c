import { grantableRoles as grantableRolesOf, type Role } from '@lanparty/contract';
import { hasAnyRole, type Viewer } from '../auth/viewer.ts';

/** Personal fields (e-mail, names, city, birth date) are for the user and member administrators. */
export function canSeePersonalFields(viewer: Viewer | null, userId: number): boolean {
  return viewer?.user.id === userId || hasAnyRole(viewer, ['MemberAdministrator']);
}

/** Member administrators manage users; a system administrator may do everything. */
export function canManageUsers(viewer: Viewer | null): boolean {
  return hasAnyRole(viewer, ['MemberAdministrator']);
}

/** A member administrator grants Lanner and Member; a system administrator every role. */
export function grantableRoles(viewer: Viewer | null): Role[] {
  return grantableRolesOf(viewer?.roles ?? []);
}

export function canUploadAvatar(viewer: Viewer | null, userId: number): boolean {
  return viewer?.user.id === userId || canManageUsers(viewer);
}
