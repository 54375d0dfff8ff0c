/**
 * Layout routes that keep a page's render error from blanking the app: the recipient journey
 * falls back to the campaign-error page, /poll to a neutral message, both in the page's language.
 * Another address gives the pages another try.
 */
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { CampaignErrorRoute } from './routes/campaign/campaign-error';
import { PollErrorRoute } from './routes/poll-error';

function RouteErrorBoundary({ fallback }: { fallback: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={fallback} resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

export function JourneyErrorBoundary() {
  return <RouteErrorBoundary fallback={<CampaignErrorRoute />} />;
}

export function PollErrorBoundary() {
  return <RouteErrorBoundary fallback={<PollErrorRoute />} />;
}
