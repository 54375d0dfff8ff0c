/** One question: a radio group (single choice) or checkboxes (multiple choice) in a fieldset. */
import { useT } from '@web/hooks/use-t';
import type { CampaignData } from '@shared/campaign';
import './question-card.css';

type PublicQuestion = CampaignData['questionnaires']['questions'][number];

interface QuestionCardProps {
  question: PublicQuestion;
  selected: string[];
  onChange: (selected: string[]) => void;
}

export function QuestionCard({ question, selected, onChange }: QuestionCardProps) {
  const { t } = useT();
  const multiple = question.type === 'multiple';
  const toggle = (optionId: string, checked: boolean) => {
    if (!multiple) return onChange([optionId]);
    onChange(checked ? [...selected, optionId] : selected.filter((id) => id !== optionId));
  };
  return (
    <fieldset className="question">
      <legend className="question__text" dir="auto">
        {question.text}
      </legend>
      <p className="question__hint muted">
        {t(multiple ? 'questionnaire.multiple' : 'questionnaire.single')}
      </p>
      <div className="question__options">
        {question.options.map((option) => {
          const id = `q-${question.id}-${option.id}`;
          return (
            <label key={option.id} htmlFor={id} className="option">
              <input
                id={id}
                type={multiple ? 'checkbox' : 'radio'}
                name={`question-${question.id}`}
                value={option.id}
                checked={selected.includes(option.id)}
                onChange={(event) => toggle(option.id, event.currentTarget.checked)}
              />
              <span dir="auto">{option.text}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
