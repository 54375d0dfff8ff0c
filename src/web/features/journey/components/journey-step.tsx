/** The frame of every learning step: progress, a card with the content, one primary action. */
import type { ReactNode } from 'react';
import { useT } from '@web/hooks/use-t';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import type { JourneyPage } from '../lib/journey-steps';
import { JourneyProgress } from './journey-progress';
import { useJourneyNav } from '../hooks/use-journey-nav';
import './journey-step.css';

interface JourneyStepProps {
  page: Exclude<JourneyPage, 'template'>;
  title: string;
  children: ReactNode;
  /** Replaces the default Continue button (the questionnaire drives its own actions). */
  actions?: ReactNode;
  logo?: string;
}

export function JourneyStep({ page, title, children, actions, logo }: JourneyStepProps) {
  useDocumentTitle(title);
  return (
    <main className="journey">
      <div className="journey__inner">
        <JourneyProgress current={page} />
        <article className="journey-card" aria-labelledby="journey-title">
          {logo && <img className="journey-card__logo" src={logo} alt="" />}
          <h1 id="journey-title">{title}</h1>
          {children}
          {actions === undefined ? <ContinueAction page={page} /> : actions}
        </article>
      </div>
    </main>
  );
}

function ContinueAction({ page }: { page: Exclude<JourneyPage, 'template'> }) {
  const { t } = useT();
  const { goNext } = useJourneyNav(page);
  return (
    <div className="journey-actions">
      <button type="button" className="button journey-button" onClick={goNext}>
        {t('journey.continue')}
      </button>
    </div>
  );
}
