import { canOwnerWithdraw, requiredRoles } from '@lanparty/contract/rules';
import { hasAnyRole, type Viewer } from '../auth/viewer.ts';
import type { SubscriberRow } from './subscribers.repository.ts';

/** Lanners subscribe themselves; a lan administrator may subscribe anyone. */
export function canSubscribe(viewer: Viewer | null, userId: number): boolean {
  if (canManageSubscribers(viewer)) return true;
  return viewer?.user.id === userId && hasAnyRole(viewer, requiredRoles.lanner);
}

/** Owners withdraw while Pending or Accepted; lan administrators withdraw anyone. */
export function canWithdraw(viewer: Viewer | null, subscriber: SubscriberRow): boolean {
  if (canManageSubscribers(viewer)) return true;
  return viewer?.user.id === subscriber.user_id && canOwnerWithdraw(subscriber.status);
}

/** Setting status and presence is for lan administrators. */
export function canManageSubscribers(viewer: Viewer | null): boolean {
  return hasAnyRole(viewer, requiredRoles.lanManagement);
}
