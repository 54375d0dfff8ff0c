/** The root screen only hosts the routed screens. */
import { Outlet } from 'react-router';

export function Root() {
  return <Outlet />;
}
