import type { Role } from '@lanparty/contract';
import type { UserRow } from '../users/users.repository.ts';

/** Who is asking: the signed-in user with their roles, or nobody. */
export type Viewer = { user: UserRow; roles: Role[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook; null for anonymous requests. */
    viewer: Viewer | null;
  }
}

/** A SystemAdministrator may do everything, so it passes every role check. */
export function hasAnyRole(viewer: Viewer | null, roles: readonly Role[]): boolean {
  if (!viewer) return false;
  return (
    viewer.roles.includes('SystemAdministrator') ||
    roles.some((role) => viewer.roles.includes(role))
  );
}
