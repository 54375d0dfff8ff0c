/** The section the side navigation has chosen. */
import type { SectionId } from './sections-list';
import { AwarenessSection } from './sections/awareness-section';
import { EmailSection } from './sections/email-section';
import { EntryTextSection } from './sections/entry-text-section';
import { GamificationSection } from './sections/gamification-section';
import { GeneralSection } from './sections/general-section';
import { LanguagesSection } from './sections/languages-section';
import { PdfSection } from './sections/pdf-section';
import { PhishingSection } from './sections/phishing-section';
import { QuestionnaireSection } from './sections/questionnaire-section';
import { SeiSection } from './sections/sei-section';

export function EditorSection({
  section,
  onShowPhishPreview,
}: {
  section: SectionId;
  onShowPhishPreview: () => void;
}) {
  switch (section) {
    case 'general':
      return <GeneralSection />;
    case 'phishing':
      return <PhishingSection onShowPreview={onShowPhishPreview} />;
    case 'email':
      return <EmailSection />;
    case 'awareness':
      return <AwarenessSection />;
    case 'pdf':
      return <PdfSection />;
    case 'sei':
      return <SeiSection />;
    case 'entry':
      return <EntryTextSection />;
    case 'questionnaire':
      return <QuestionnaireSection />;
    case 'gamification':
      return <GamificationSection />;
    case 'languages':
      return <LanguagesSection />;
  }
}
