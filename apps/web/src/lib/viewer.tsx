import type { Role } from '@lanparty/contract';
import { createContext, type ReactNode, useContext } from 'react';

/** The signed-in user as the navigation needs it. */
export type ViewerUser = {
  id: string;
  nickname: string;
  roles: readonly Role[];
};

/** Who is looking at the site: a signed-in user, or an anonymous visitor (`user: null`). */
export type Viewer = {
  user: ViewerUser | null;
  /** True when the viewer has at least one of the roles (a route guard's default). */
  hasAnyRole: (roles: readonly Role[]) => boolean;
  /** True when the viewer has all of the roles (a route guard's 'every' flag). */
  hasEveryRole: (roles: readonly Role[]) => boolean;
};

export function createViewer(user: ViewerUser | null): Viewer {
  const roles = new Set<Role>(user?.roles ?? []);
  return {
    user,
    hasAnyRole: (wanted) => wanted.some((role) => roles.has(role)),
    hasEveryRole: (wanted) => wanted.every((role) => roles.has(role)),
  };
}

/** A visitor who has not signed in: no user, no roles. */
export const anonymousViewer: Viewer = createViewer(null);

const ViewerContext = createContext<Viewer>(anonymousViewer);

/**
 * Provides the viewer to the app. Until sign-in exists (a later issue) everyone is the
 * anonymous visitor; tests pass a viewer with roles.
 */
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
