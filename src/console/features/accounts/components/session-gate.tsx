/**
 * The signed-in area: waits for the session, sends an operator without one to sign in (and
 * back here afterwards), and renders the page once the session is known.
 */
import { useT } from '@console/hooks/use-t';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { useSessionQuery } from '../api/session';

export function SessionGate() {
  const { t } = useT();
  const location = useLocation();
  const session = useSessionQuery();
  if (session.isPending) {
    return (
      <p className="session-loading" role="status">
        {t('session.loading')}
      </p>
    );
  }
  if (session.isError) return <ErrorAlert error={session.error} />;
  if (!session.data) {
    const next = location.pathname + location.search;
    return <Navigate to="/sign-in" replace state={{ next }} />;
  }
  return <Outlet />;
}
