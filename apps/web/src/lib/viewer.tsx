import type { Role, UserProfile } from '@lanparty/contract';
import { hasAnyRole, hasEveryRole } from '@lanparty/contract/rules';
import { createContext, type ReactNode, useContext } from 'react';

/** Who is looking at the site: the signed-in user, or nobody yet (`user: null`). */
export type Viewer = {
  /** The signed-in user's whole profile (GET /api/users/me): roles, nickname, personal fields. */
  user: UserProfile | null;
  /**
   * True when the viewer has at least one of the roles (a route guard's default). The
   * contract's rule: a SystemAdministrator passes every check (decision 019).
   */
  hasAnyRole: (roles: readonly Role[]) => boolean;
  /** True when the viewer has all of the roles (a route guard's 'every' flag). */
  hasEveryRole: (roles: readonly Role[]) => boolean;
};

export function createViewer(user: UserProfile | null): Viewer {
  const roles = user?.roles ?? [];
  return {
    user,
    hasAnyRole: (wanted) => hasAnyRole(roles, wanted),
    hasEveryRole: (wanted) => hasEveryRole(roles, wanted),
  };
}

/** Nobody signed in: no user, no roles. */
export const anonymousViewer: Viewer = createViewer(null);

const ViewerContext = createContext<Viewer>(anonymousViewer);

/** Provides the viewer: the signed-in user in the app, any user a test wants. */
export function ViewerProvider({
  viewer = anonymousViewer,
  children,
}: {
  viewer?: Viewer;
  children: ReactNode;
}) {
  return <ViewerContext value={viewer}>{children}</ViewerContext>;
}

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
