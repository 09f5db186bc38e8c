import type { Role } from '@lanparty/contract';

/**
 * The roles of the user last signed in on this browser, as GET /api/users/me answered. The
 * app starts a page's reads before that answer comes (app/first-screen-reads.ts); a read
 * only some roles may make (the stats, spec §6) starts early only for a viewer who had
 * such a role last time, so a visitor without it is never refused (403) before being sent
 * to the unauthorized page. A role lost since then costs one refused read, nothing more.
 */
const ROLES_KEY = 'lanparty.viewer-roles';

export function rememberRoles(roles: readonly Role[], storage: Storage = localStorage): void {
  storage.setItem(ROLES_KEY, JSON.stringify(roles));
}

/** True when the last signed-in user had any of `roles`; false when nothing is remembered. */
export function hadAnyRole(roles: readonly Role[], storage: Storage = localStorage): boolean {
  let remembered: unknown;
  try {
    remembered = JSON.parse(storage.getItem(ROLES_KEY) ?? '[]');
  } catch {
    return false;
  }
  return Array.isArray(remembered) && roles.some((role) => remembered.includes(role));
}
