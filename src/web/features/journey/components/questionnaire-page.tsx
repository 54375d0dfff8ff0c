/**
 * questionnaire: one question at a time with progress, then the server's score and feedback.
 * A required questionnaire has no skip, and Next waits for an answer.
 */
import { useState } from 'react';
import { Notice } from '@web/components/notice';
import { useT } from '@web/hooks/use-t';
import type { QuestionnaireResult as Result } from '@shared/journey';
import { postEvent } from '../api/events';
import { formatNumber } from '../lib/format';
import { QuestionCard } from './question-card';
import { QuestionnaireResult } from './questionnaire-result';
import { useJourneyData } from '../hooks/journey-context';
import { JourneyStep } from './journey-step';
import { useJourneyNav } from '../hooks/use-journey-nav';
import './questionnaire-page.css';

type Phase = 'answering' | 'sending' | 'failed';

export function QuestionnairePage() {
  const { t, i18n } = useT();
  const data = useJourneyData();
  const { goNext } = useJourneyNav('questionnaire');
  const { questions, required } = data.questionnaires;
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [phase, setPhase] = useState<Phase>('answering');
  const [result, setResult] = useState<Result>();

  const continueButton = (
    <div className="journey-actions">
      <button type="button" className="button journey-button" onClick={goNext}>
        {t('journey.continue')}
      </button>
    </div>
  );
  if (questions.length === 0) {
    return (
      <JourneyStep page="questionnaire" title={t('questionnaire.title')} actions={continueButton}>
        <p>{t('questionnaire.empty')}</p>
      </JourneyStep>
    );
  }
  if (result) {
    const tryAgain = () => {
      setResult(undefined);
      setAnswers({});
      setIndex(0);
      setPhase('answering');
    };
    const actions =
      !result.passed && data.questionnaires.allow_retake ? (
        <div className="journey-actions">
          <button type="button" className="button journey-button" onClick={goNext}>
            {t('journey.continue')}
          </button>
          <button type="button" className="button button--secondary" onClick={tryAgain}>
            {t('questionnaire.retake')}
          </button>
        </div>
      ) : (
        continueButton
      );
    return (
      <JourneyStep page="questionnaire" title={t('questionnaire.title')} actions={actions}>
        <QuestionnaireResult result={result} questions={questions} passMark={data.gamification.pass_mark} />
      </JourneyStep>
    );
  }

  const question = questions[index]!;
  const selected = answers[question.id] ?? [];
  const last = index === questions.length - 1;
  const canMoveOn = !required || selected.length > 0;
  // Once an attempt is recorded, a new submission is a retake (the server allows it after a fail
  // when the campaign does); otherwise the server answers with the recorded result.
  const retake = data.progress.completed_steps.includes('questionnaire_completed');
  const submit = () => {
    setPhase('sending');
    const details = retake ? { answers, retake } : { answers };
    postEvent({ rid: data.rid, type: 'questionnaire_completed', details }).then(
      (response) => (response.result ? setResult(response.result) : goNext()),
      () => setPhase('failed'),
    );
  };
  const actions = (
    <div className="journey-actions">
      {index > 0 && (
        <button type="button" className="button button--secondary" onClick={() => setIndex(index - 1)}>
          {t('questionnaire.back')}
        </button>
      )}
      <button
        type="button"
        className="button journey-button"
        disabled={!canMoveOn || phase === 'sending'}
        aria-describedby={canMoveOn ? undefined : 'question-required'}
        onClick={last ? submit : () => setIndex(index + 1)}
      >
        {last ? t('questionnaire.submit') : t('questionnaire.next')}
      </button>
      {!required && (
        <button type="button" className="button button--secondary" onClick={goNext}>
          {t('questionnaire.skip')}
        </button>
      )}
    </div>
  );
  const current = formatNumber(index + 1, i18n.language);
  const total = formatNumber(questions.length, i18n.language);
  return (
    <JourneyStep page="questionnaire" title={t('questionnaire.title')} actions={actions}>
      <p className="question-progress" aria-live="polite">
        {t('questionnaire.progress', { current, total })}
      </p>
      <progress
        className="question-progress__bar"
        max={questions.length}
        value={index + 1}
        aria-hidden="true"
      />
      <QuestionCard
        key={question.id}
        question={question}
        selected={selected}
        onChange={(next) => setAnswers({ ...answers, [question.id]: next })}
      />
      {!canMoveOn && (
        <p id="question-required" className="muted">
          {t('questionnaire.required')}
        </p>
      )}
      {phase === 'sending' && <p role="status">{t('questionnaire.submitting')}</p>}
      {phase === 'failed' && <Notice tone="error">{t('questionnaire.error')}</Notice>}
    </JourneyStep>
  );
}
