import type { Role } from '@lanparty/contract';
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
