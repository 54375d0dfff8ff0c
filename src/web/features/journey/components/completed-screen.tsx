/** The completed page behind its gate, with the journey's styles: one lazily loaded unit. */
import '../journey.css';
import { CompletedPage } from './completed-page';
import { JourneyGate } from './journey-gate';

export function CompletedScreen() {
  return (
    <JourneyGate>
      <CompletedPage />
    </JourneyGate>
  );
}
