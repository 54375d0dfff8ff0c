/**
 * Loads the campaign data for the `rid` query parameter (once, shared), switches to the
 * recipient's language, and shows the loading state until both are ready. Failure goes to
 * campaign-error. Arriving from the operator's template, it records the submission.
 */
import { useEffect, type ReactNode } from 'react';
import { useT } from '@web/hooks/use-t';
import { Navigate, useSearchParams } from 'react-router';
import { isLanguageCode } from '@shared/languages';
import { changeLanguage } from '@web/lib/i18n';
import { useCampaign } from '../api/campaign-store';
import { ERROR_PATH } from '../lib/journey-steps';
import { JourneyContext } from '../hooks/journey-context';
import { LoadingState } from './loading-state';
import { preloadSanitizer } from './safe-html';
import { useTemplateSubmission } from '../hooks/use-template-submission';
// The loading state's rules load with the gate; see loading-state.css.
import './loading-state.css';

export function JourneyGate({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const entry = useCampaign(params.get('rid'));
  const { i18n } = useT();
  useTemplateSubmission();
  const language = entry.state === 'ready' ? entry.data.language_code : undefined;

  useEffect(() => {
    if (!language) return;
    void changeLanguage(language);
    preloadSanitizer();
  }, [language]);

  if (entry.state === 'error') return <Navigate to={ERROR_PATH} replace />;
  const wanted = language && isLanguageCode(language) ? language : 'en';
  if (entry.state === 'loading' || i18n.language !== wanted) return <LoadingState />;
  return <JourneyContext.Provider value={entry.data}>{children}</JourneyContext.Provider>;
}
