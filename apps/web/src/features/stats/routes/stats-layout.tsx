import { Outlet } from '../../../lib/router/index.tsx';

/** The frame of the lazily loaded stats section. */
export function StatsLayout() {
  return <Outlet />;
}
