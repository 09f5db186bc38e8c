import { Outlet } from 'react-router';

/** The frame of the lazily loaded admin section. */
export function AdminLayout() {
  return <Outlet />;
}
