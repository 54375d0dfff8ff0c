/**
 * Routes exactly as the seed lists them, as route objects like the console's. /phish is loaded on
 * demand (its own chunk); route files only compose features. The journey and /poll sit inside
 * error boundaries (pathless layout routes), so a page that fails to render shows an error page,
 * not an empty one. Mounted with useRoutes inside <BrowserRouter>, not createBrowserRouter: the
 * data router costs about 14 KB of brotli on every first load, which the budget does not have
 * (docs/architecture.md, "Patterns for new files").
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { DefaultRoute } from './routes/default';
import { NotFoundRoute } from './routes/not-found';
import { PollRoute } from './routes/poll';
import { CampaignCompletedRoute } from './routes/campaign/campaign-completed';
import { CampaignErrorRoute } from './routes/campaign/campaign-error';
import { JourneyErrorBoundary, PollErrorBoundary } from './route-error-boundary';

type PhishModule = typeof import('./routes/phish/phish-routes');
const phish = () => import('./routes/phish/phish-routes');
const lazyPhish = (pick: (m: PhishModule) => ComponentType) =>
  lazy(() => phish().then((m) => ({ default: pick(m) })));

const PhishLayout = lazyPhish((m) => m.PhishLayout);
const BuiltinSignInRoute = lazyPhish((m) => m.BuiltinSignInRoute);
const AwarenessRoute = lazyPhish((m) => m.AwarenessRoute);
const PdfRoute = lazyPhish((m) => m.PdfRoute);
const SeiRoute = lazyPhish((m) => m.SeiRoute);
const EntryTextRoute = lazyPhish((m) => m.EntryTextRoute);
const QuestionnaireRoute = lazyPhish((m) => m.QuestionnaireRoute);

export const routes: RouteObject[] = [
  // Full-path match: only the empty path itself redirects.
  { index: true, element: <Navigate to="/default" replace /> },
  { path: 'default', element: <DefaultRoute /> },
  { element: <PollErrorBoundary />, children: [{ path: 'poll', element: <PollRoute /> }] },
  {
    element: <JourneyErrorBoundary />,
    children: [
      {
        path: 'phish',
        element: <PhishLayout />,
        children: [
          // The seed's phishing template: the server serves a campaign's own template here; the
          // app's is the built-in sign-in look-alike.
          { index: true, element: <BuiltinSignInRoute /> },
          { path: 'awareness', element: <AwarenessRoute /> },
          { path: 'pdf', element: <PdfRoute /> },
          { path: 'sei', element: <SeiRoute /> },
          { path: 'entry_text', element: <EntryTextRoute /> },
          { path: 'questionnaire', element: <QuestionnaireRoute /> },
        ],
      },
      {
        path: 'campaign',
        children: [
          { index: true, element: <Navigate to="/campaign/campaign-error" replace /> },
          { path: 'campaign-completed', element: <CampaignCompletedRoute /> },
          { path: 'campaign-error', element: <CampaignErrorRoute /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
];

export function AppRoutes() {
  const element = useRoutes(routes);
  return <Suspense fallback={null}>{element}</Suspense>;
}
