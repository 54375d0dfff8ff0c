/** The /phish journey, loaded on demand as its own chunk. */
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';

export function PhishLayout() {
  return <Outlet />;
}

function Step({
  titleKey,
}: {
  titleKey:
    | 'journey.template'
    | 'awareness.title'
    | 'pdf.title'
    | 'sei.title'
    | 'entryText.title'
    | 'questionnaire.title';
}) {
  const { t } = useTranslation();
  return <Page title={t(titleKey)} />;
}

export const TemplateRoute = () => <Step titleKey="journey.template" />;
export const AwarenessRoute = () => <Step titleKey="awareness.title" />;
export const PdfRoute = () => <Step titleKey="pdf.title" />;
export const SeiRoute = () => <Step titleKey="sei.title" />;
export const EntryTextRoute = () => <Step titleKey="entryText.title" />;
export const QuestionnaireRoute = () => <Step titleKey="questionnaire.title" />;
