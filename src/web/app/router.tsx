/**
 * Routes exactly as the seed lists them. /phish is loaded on demand (its own chunk).
 * Route files only compose features.
 */
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { Root } from './root';
import { DefaultRoute } from './routes/default';
import { NotFoundRoute } from './routes/not-found';
import { PollRoute } from './routes/poll';
import { CampaignCompletedRoute } from './routes/campaign/campaign-completed';
import { CampaignErrorRoute } from './routes/campaign/campaign-error';

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      // Full-path match: only the empty path itself redirects.
      { index: true, element: <Navigate to="/default" replace /> },
      { path: 'default', element: <DefaultRoute /> },
      { path: 'poll', element: <PollRoute /> },
      {
        path: 'phish',
        lazy: () => import('./routes/phish/phish-routes').then((m) => ({ Component: m.PhishLayout })),
        children: [
          {
            index: true,
            lazy: () => import('./routes/phish/phish-routes').then((m) => ({ Component: m.TemplateRoute })),
          },
          {
            path: 'awareness',
            lazy: () => import('./routes/phish/phish-routes').then((m) => ({ Component: m.AwarenessRoute })),
          },
          {
            path: 'pdf',
            lazy: () => import('./routes/phish/phish-routes').then((m) => ({ Component: m.PdfRoute })),
          },
          {
            path: 'sei',
            lazy: () => import('./routes/phish/phish-routes').then((m) => ({ Component: m.SeiRoute })),
          },
          {
            path: 'entry_text',
            lazy: () => import('./routes/phish/phish-routes').then((m) => ({ Component: m.EntryTextRoute })),
          },
          {
            path: 'questionnaire',
            lazy: () =>
              import('./routes/phish/phish-routes').then((m) => ({ Component: m.QuestionnaireRoute })),
          },
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
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
