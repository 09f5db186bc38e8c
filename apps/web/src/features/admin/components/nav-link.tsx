import type { ReactNode } from 'react';
import { Link, useRoute } from '../../../lib/router/index.tsx';

type NavLinkProps = { to: string; end?: boolean; className?: string; children: ReactNode };

/** A link marked `aria-current="page"` while its path (or, without `end`, one below it) shows. */
export function NavLink({ to, end = false, ...props }: NavLinkProps) {
  const [isActive] = useRoute(end ? to : `${to}/*?`);
  return <Link to={to} aria-current={isActive ? 'page' : undefined} {...props} />;
}
