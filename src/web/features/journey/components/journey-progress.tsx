/**
 * The journey's progress indicator: every step after the phishing page, then the finish. A step
 * shows as done only when it really was (its event is recorded): a page opened from the address
 * bar leaves the steps before it "not done", and a line under the bar links to each of them.
 */
import { useT, type UpiPublicT } from '@web/hooks/use-t';
import { Link } from 'react-router';
import { introSeen, isStepDone, pathOf, withRid, type JourneyPage } from '../lib/journey-steps';
import { formatNumber } from '../lib/format';
import { useJourneyData } from '../hooks/journey-context';
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
type StepState = 'done' | 'current' | 'todo' | 'missed';

export function JourneyProgress({ current }: { current: Exclude<JourneyPage, 'template'> }) {
  const { t, i18n } = useT();
  const data = useJourneyData();
  const steps: StepName[] = [...data.navigation, 'completed'];
  const index = Math.max(steps.indexOf(current), 0);
  const seen = introSeen(data.rid);
  const stateOf = (step: StepName, i: number): StepState => {
    if (i === index) return 'current';
    if (isStepDone(step, data.progress.completed_steps, seen)) return 'done';
    return i < index ? 'missed' : 'todo';
  };
  const states = steps.map(stateOf);
  const missed = steps.filter((_, i) => states[i] === 'missed');
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
            state={states[i] ?? 'todo'}
            t={t}
          />
        ))}
      </ol>
      {missed.length > 0 && (
        <p className="journey-progress__missed">
          {t('journey.missed')}{' '}
          {missed.map((step, i) => (
            <span key={step}>
              {i > 0 && ' · '}
              <Link to={withRid(pathOf(step), data.rid)}>{t(STEP_LABEL[step])}</Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

function ProgressStep(props: { label: string; number: string; state: StepState; t: UpiPublicT }) {
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
        {state === 'missed' && <span className="visually-hidden"> ({t('journey.stepMissed')})</span>}
      </span>
    </li>
  );
}
