/** The journey's progress indicator: every step after the phishing page, then the finish. */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isStepDone, type JourneyPage } from '../lib/journey-steps';
import { formatNumber } from '../lib/format';
import { useJourneyData } from './journey-context';
import './journey-progress.css';

const STEP_LABEL = {
  awareness: 'journey.step.awareness',
  pdf: 'journey.step.pdf',
  sei: 'journey.step.sei',
  entry_text: 'journey.step.entry_text',
  questionnaire: 'journey.step.questionnaire',
  completed: 'journey.step.completed',
} as const;

type StepName = keyof typeof STEP_LABEL;

export function JourneyProgress({ current }: { current: Exclude<JourneyPage, 'template'> }) {
  const { t, i18n } = useTranslation();
  const data = useJourneyData();
  const steps: StepName[] = [...data.navigation, 'completed'];
  const index = Math.max(steps.indexOf(current), 0);
  const count = t('journey.stepOf', {
    current: formatNumber(index + 1, i18n.language),
    total: formatNumber(steps.length, i18n.language),
  });
  return (
    <div className="journey-progress">
      <p className="journey-progress__count">{count}</p>
      <div className="journey-progress__bar" aria-hidden="true">
        {/* React sets this through the CSSOM, which the app's CSP (no inline styles) allows. */}
        <span
          className="journey-progress__fill"
          style={{ inlineSize: `${((index + 1) / steps.length) * 100}%` }}
        />
      </div>
      <ol className="journey-progress__steps" aria-label={t('journey.progressLabel')}>
        {steps.map((step, i) => (
          <ProgressStep
            key={step}
            label={t(STEP_LABEL[step])}
            number={formatNumber(i + 1, i18n.language)}
            state={
              i === index
                ? 'current'
                : i < index || isStepDone(step, data.progress.completed_steps)
                  ? 'done'
                  : 'todo'
            }
            t={t}
          />
        ))}
      </ol>
    </div>
  );
}

function ProgressStep(props: {
  label: string;
  number: string;
  state: 'done' | 'current' | 'todo';
  t: TFunction;
}) {
  const { label, number, state, t } = props;
  return (
    <li
      className={`journey-progress__step is-${state}`}
      aria-current={state === 'current' ? 'step' : undefined}
    >
      <span className="journey-progress__dot" aria-hidden="true">
        {state === 'done' ? '✓' : number}
      </span>
      <span className="journey-progress__label">
        {label}
        {state === 'done' && <span className="visually-hidden"> ({t('journey.stepDone')})</span>}
      </span>
    </li>
  );
}
