/**
 * /campaign/campaign-completed: the end of the recipient journey. The page itself loads on
 * demand (with the journey's shared data store), keeping the first load of other screens small.
 */
import { lazy, Suspense } from 'react';
import { LoadingState } from '@web/features/journey/components/loading-state';

const CompletedScreen = lazy(() =>
  import('@web/features/journey/components/completed-screen').then((m) => ({
    default: m.CompletedScreen,
  })),
);

export function CampaignCompletedRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <CompletedScreen />
    </Suspense>
  );
}
