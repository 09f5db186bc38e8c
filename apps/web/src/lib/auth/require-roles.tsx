import type { Role } from '@lanparty/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from '../router/index.tsx';
import { useViewer } from '../viewer.tsx';

type RequireRolesProps = {
  roles: readonly Role[];
  /** Require all of the roles instead of any one of them. */
  every?: boolean;
  /** What to show when allowed; the child routes when not given. */
  children?: ReactNode;
  /** Where everyone else goes; /unauthorized when not given. */
  redirectTo?: string;
};

/**
 * A route guard (spec §6): lets the viewer through with any of the roles, or with all of
 * them when `every` is set; everyone else is sent to /unauthorized.
 */
export function RequireRoles({
  roles,
  every = false,
  children,
  redirectTo = '/unauthorized',
}: RequireRolesProps) {
  const viewer = useViewer();
  const isAllowed = every ? viewer.hasEveryRole(roles) : viewer.hasAnyRole(roles);
  if (!isAllowed) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}
