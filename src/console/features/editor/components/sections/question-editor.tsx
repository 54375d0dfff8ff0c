/**
 * One question: its text, single or multiple choice, the answers with the correct one(s)
 * marked (a radio for single choice, checkboxes for multiple), an explanation, and the red
 * flag it is about.
 */
import { useEditorT } from '@console/hooks/use-editor-t';
import type { Question } from '@shared/campaign';
import { errorId, fieldId } from '@console/features/editor/lib/issues';
import { nextId, optional, replaceItem } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { FieldError, SelectField, TextField } from '../fields';
import './question-editor.css';

interface QuestionEditorProps {
  index: number;
  count: number;
  question: Question;
  onChange: (question: Question) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}

export function QuestionEditor({ index, count, question, onChange, onMove, onRemove }: QuestionEditorProps) {
  const { t } = useEditorT();
  const { draft, byPath, touch } = useEditor();
  const path = `questionnaire.questions.${index}`;
  const number = index + 1;
  const set = (change: Partial<Question>) => onChange({ ...question, ...change });
  const single = question.type === 'single';
  const toggleCorrect = (id: string, on: boolean) => {
    if (single) return set({ correct: [id] });
    set({ correct: on ? [...question.correct, id] : question.correct.filter((c) => c !== id) });
  };
  const correctPath = `${path}.correct`;

  return (
    <fieldset className="question-editor">
      <legend>{t('questionnaire.question', { number })}</legend>
      <TextField
        path={`${path}.text`}
        label={t('questionnaire.text')}
        multiline
        rows={2}
        value={question.text}
        onChange={(text) => set({ text })}
      />
      <SelectField
        path={`${path}.type`}
        label={t('questionnaire.type')}
        value={question.type}
        options={[
          { value: 'single', label: t('questionnaire.single') },
          { value: 'multiple', label: t('questionnaire.multiple') },
        ]}
        onChange={(type) =>
          set(type === 'single' ? { type, correct: question.correct.slice(0, 1) } : { type: 'multiple' })
        }
      />
      <fieldset
        id={fieldId(correctPath)}
        tabIndex={-1}
        aria-describedby={byPath.get(correctPath)?.length ? errorId(correctPath) : undefined}
        onBlur={(event) => {
          // Leaving the answers as a whole (not moving between them) touches their choice.
          if (event.currentTarget.contains(event.relatedTarget)) return;
          touch(correctPath);
          touch(`${path}.options`);
        }}
      >
        <legend>{t('questionnaire.answers')}</legend>
        {question.options.map((option, i) => (
          <div key={option.id} className="question-editor__option">
            <TextField
              path={`${path}.options.${i}.text`}
              label={t('questionnaire.answer', { number: i + 1 })}
              value={option.text}
              onChange={(text) => set({ options: replaceItem(question.options, i, (o) => ({ ...o, text })) })}
            />
            <label className="question-editor__correct">
              <input
                type={single ? 'radio' : 'checkbox'}
                name={`${question.id}-correct`}
                checked={question.correct.includes(option.id)}
                onChange={(e) => toggleCorrect(option.id, e.target.checked)}
              />
              {t('questionnaire.correct', { number: i + 1 })}
            </label>
            <button
              type="button"
              className="button button--danger"
              disabled={question.options.length <= 2}
              onClick={() =>
                set({
                  options: question.options.filter((o) => o.id !== option.id),
                  correct: question.correct.filter((c) => c !== option.id),
                })
              }
            >
              {t('questionnaire.removeAnswer', { number: i + 1 })}
            </button>
          </div>
        ))}
        <FieldError path={`${path}.options`} />
        <FieldError path={correctPath} />
        <button
          type="button"
          className="button"
          disabled={question.options.length >= 10}
          onClick={() =>
            set({
              options: [
                ...question.options,
                {
                  id: nextId(
                    'opt',
                    question.options.map((o) => o.id),
                  ),
                  text: '',
                },
              ],
            })
          }
        >
          {t('questionnaire.addAnswer')}
        </button>
      </fieldset>
      <TextField
        path={`${path}.explanation`}
        label={t('questionnaire.explanation')}
        multiline
        rows={2}
        value={question.explanation}
        onChange={(v) => set({ explanation: optional(v) })}
      />
      <SelectField
        path={`${path}.sei_id`}
        label={t('questionnaire.redFlag')}
        value={question.sei_id ?? ''}
        options={[
          { value: '', label: t('questionnaire.noRedFlag') },
          ...draft.sei.map((s) => ({ value: s.id, label: `${s.id} — ${s.title}` })),
        ]}
        onChange={(v) => set({ sei_id: optional(v) })}
      />
      <div className="button-row">
        <button type="button" className="button" disabled={index === 0} onClick={() => onMove(-1)}>
          {t('questionnaire.moveUp', { number })}
        </button>
        <button type="button" className="button" disabled={index === count - 1} onClick={() => onMove(1)}>
          {t('questionnaire.moveDown', { number })}
        </button>
        <button type="button" className="button button--danger" onClick={onRemove}>
          {t('questionnaire.remove', { number })}
        </button>
      </div>
    </fieldset>
  );
}
