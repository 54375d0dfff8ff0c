/** The /phish journey, loaded on demand as its own chunk. Route files only compose features. */
import { Outlet } from 'react-router';
import { AwarenessPage } from '@web/features/journey/components/awareness-page';
import { BuiltinSignInPage } from '@web/features/journey/components/builtin-sign-in-page';
import { EntryTextPage } from '@web/features/journey/components/entry-text-page';
import { JourneyGate } from '@web/features/journey/components/journey-gate';
import { PdfPage } from '@web/features/journey/components/pdf-page';
import { QuestionnairePage } from '@web/features/journey/components/questionnaire-page';
import { SeiPage } from '@web/features/journey/components/sei-page';

/** The gate stays mounted across steps: campaign data is loaded once for the whole journey. */
export function PhishLayout() {
  return (
    <JourneyGate>
      <Outlet />
    </JourneyGate>
  );
}

export const BuiltinSignInRoute = BuiltinSignInPage;
export const AwarenessRoute = AwarenessPage;
export const PdfRoute = PdfPage;
export const SeiRoute = SeiPage;
export const EntryTextRoute = EntryTextPage;
export const QuestionnaireRoute = QuestionnairePage;
