import { requiredRoles } from '@lanparty/contract/rules';
import { hasAnyRole, type Viewer } from '../auth/viewer.ts';

/** Creating, changing and deleting lans (and their banners) is for lan administrators. */
export function canManageLans(viewer: Viewer | null): boolean {
  return hasAnyRole(viewer, requiredRoles.lanManagement);
}

/** Inactive lans are drafts: only lan administrators see them. */
export function canSeeInactiveLans(viewer: Viewer | null): boolean {
  return hasAnyRole(viewer, requiredRoles.lanManagement);
}

/**
 * Denied subscriptions are shown to lan administrators (and to the person denied, their
 * own): decision 038.
 */
export function canSeeDeniedSubscribers(viewer: Viewer | null): boolean {
  return hasAnyRole(viewer, requiredRoles.lanManagement);
}
