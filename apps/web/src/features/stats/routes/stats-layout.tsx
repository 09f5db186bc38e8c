import { Outlet } from 'react-router';

/** The frame of the lazily loaded stats section. */
export function StatsLayout() {
  return <Outlet />;
}
