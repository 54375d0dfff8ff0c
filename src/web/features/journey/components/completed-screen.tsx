/** The completed page behind its gate: one lazily loaded unit (its styles come with it). */
import { CompletedPage } from './completed-page';
import { JourneyGate } from './journey-gate';

export function CompletedScreen() {
  return (
    <JourneyGate>
      <CompletedPage />
    </JourneyGate>
  );
}
