/** The root screen only hosts the routed screens. */
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

export function Root() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
