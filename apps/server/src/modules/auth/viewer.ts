import type { Role } from '@lanparty/contract';
import { hasAnyRole as rolesInclude } from '@lanparty/contract/rules';
import type { UserRow } from '../accounts/accounts.repository.ts';

/** Who is asking: the signed-in user with their roles, or nobody. */
export type Viewer = { user: UserRow; roles: Role[] };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is asking, null for anonymous requests. The token is checked before the route
     * runs; the user is read from the database only when a route asks, so public reads
     * cost no query for the signed-in.
     */
    viewer: () => Promise<Viewer | null>;
  }
}

/**
 * The contract's role check for whoever is asking (nobody passes none). A SystemAdministrator
 * may do everything, so it passes every role check: decision 019.
 */
export function hasAnyRole(viewer: Viewer | null, roles: readonly Role[]): boolean {
  return viewer !== null && rolesInclude(viewer.roles, roles);
}
