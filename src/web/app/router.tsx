/**
 * Routes exactly as the seed lists them. /phish is loaded on demand (its own chunk).
 * Declarative routes keep the first load small; route files only compose features. The journey
 * and /poll sit inside error boundaries (pathless layout routes), so a page that fails to render
 * shows an error page, not an empty one.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
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
const TemplateRoute = lazyPhish((m) => m.TemplateRoute);
const AwarenessRoute = lazyPhish((m) => m.AwarenessRoute);
const PdfRoute = lazyPhish((m) => m.PdfRoute);
const SeiRoute = lazyPhish((m) => m.SeiRoute);
const EntryTextRoute = lazyPhish((m) => m.EntryTextRoute);
const QuestionnaireRoute = lazyPhish((m) => m.QuestionnaireRoute);

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        {/* Full-path match: only the empty path itself redirects. */}
        <Route index element={<Navigate to="/default" replace />} />
        <Route path="default" element={<DefaultRoute />} />
        <Route element={<PollErrorBoundary />}>
          <Route path="poll" element={<PollRoute />} />
        </Route>
        <Route element={<JourneyErrorBoundary />}>
          <Route path="phish" element={<PhishLayout />}>
            <Route index element={<TemplateRoute />} />
            <Route path="awareness" element={<AwarenessRoute />} />
            <Route path="pdf" element={<PdfRoute />} />
            <Route path="sei" element={<SeiRoute />} />
            <Route path="entry_text" element={<EntryTextRoute />} />
            <Route path="questionnaire" element={<QuestionnaireRoute />} />
          </Route>
          <Route path="campaign">
            <Route index element={<Navigate to="/campaign/campaign-error" replace />} />
            <Route path="campaign-completed" element={<CampaignCompletedRoute />} />
            <Route path="campaign-error" element={<CampaignErrorRoute />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
