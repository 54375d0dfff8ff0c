/**
 * The questionnaire: whether it is required, retakes, and its questions (add, move, remove).
 * Questions are only asked when the journey has the questionnaire step: adding the first
 * question adds the step, and questions without it say so here and offer to add it.
 */
import { Notice } from '@console/components/notice';
import { useEditorT } from '@console/hooks/use-editor-t';
import type { Question } from '@shared/campaign';
import { moveItem, nextId } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { CheckboxField, FieldError } from '../fields';
import { QuestionEditor } from './question-editor';
import { Section } from './section';

type Questionnaire = { required: boolean; allow_retake: boolean; questions: Question[] };

export function QuestionnaireSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const questionnaire = draft.questionnaire;
  const questions = questionnaire.questions;
  const set = (change: Partial<Questionnaire>) =>
    update((f) => ({ ...f, questionnaire: { ...f.questionnaire, ...change } }));
  const stepOff = !draft.navigation.includes('questionnaire');
  const addStep = () =>
    update((f) =>
      f.navigation.includes('questionnaire') ? f : { ...f, navigation: [...f.navigation, 'questionnaire'] },
    );
  const addQuestion = () => {
    if (questions.length === 0) addStep();
    set({
      questions: [
        ...questions,
        {
          id: nextId(
            'q',
            questions.map((q) => q.id),
          ),
          type: 'single',
          text: '',
          options: [
            { id: 'opt1', text: '' },
            { id: 'opt2', text: '' },
          ],
          correct: [],
        },
      ],
    });
  };

  return (
    <Section id="questionnaire" title={t('section.questionnaire')}>
      <CheckboxField
        path="questionnaire.required"
        label={t('questionnaire.required')}
        checked={questionnaire.required}
        onChange={(required) => set({ required })}
      />
      <CheckboxField
        path="questionnaire.allow_retake"
        label={t('questionnaire.allowRetake')}
        hint={t('questionnaire.allowRetakeHint')}
        checked={questionnaire.allow_retake}
        onChange={(allow_retake) => set({ allow_retake })}
      />
      {stepOff && questions.length > 0 && (
        <Notice tone="warning">
          <p>{t('questionnaire.stepOff')}</p>
          <button type="button" className="button" onClick={addStep}>
            {t('questionnaire.addStep')}
          </button>
        </Notice>
      )}
      <FieldError path="questionnaire.questions" />
      {questions.map((question, index) => (
        <QuestionEditor
          key={question.id}
          index={index}
          count={questions.length}
          question={question}
          onChange={(next) => set({ questions: questions.map((q, i) => (i === index ? next : q)) })}
          onMove={(delta) => set({ questions: moveItem(questions, index, delta) })}
          onRemove={() => set({ questions: questions.filter((_, i) => i !== index) })}
        />
      ))}
      <div className="button-row">
        <button type="button" className="button" onClick={addQuestion} disabled={questions.length >= 50}>
          {t('questionnaire.addQuestion')}
        </button>
      </div>
    </Section>
  );
}
