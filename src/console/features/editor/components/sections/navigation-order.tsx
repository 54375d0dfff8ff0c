/**
 * Which steps the journey has and in which order: a checkbox includes a step, Move up / Move
 * down reorder the included ones. Buttons, not drag and drop, so it works from the keyboard.
 */
import { useEditorT } from '@console/hooks/use-editor-t';
import { PHISH_STEPS, type PhishStep } from '@shared/routes';
import { moveItem } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { FieldError } from '../fields';
import './navigation-order.css';

export function NavigationOrder() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const included = draft.navigation;
  const rows: PhishStep[] = [...included, ...PHISH_STEPS.filter((s) => !included.includes(s))];
  const setNavigation = (navigation: PhishStep[]) => update((f) => ({ ...f, navigation }));

  return (
    <fieldset id="field-navigation" tabIndex={-1}>
      <legend>{t('general.navigation')}</legend>
      <p className="field__hint">{t('general.navigationHint')}</p>
      <ol className="navigation-order">
        {rows.map((step) => {
          const index = included.indexOf(step);
          const name = t(`step.${step}`);
          return (
            <li key={step} className="navigation-order__row">
              <input
                id={`nav-${step}`}
                type="checkbox"
                checked={index >= 0}
                onChange={(e) =>
                  setNavigation(e.target.checked ? [...included, step] : included.filter((s) => s !== step))
                }
              />
              <label htmlFor={`nav-${step}`} className="navigation-order__name">
                {index >= 0 ? `${index + 1}. ${name}` : name}
              </label>
              <button
                type="button"
                className="button"
                disabled={index <= 0}
                onClick={() => setNavigation(moveItem(included, index, -1))}
              >
                {/* The step's name completes the button's name without hiding what it says. */}
                {t('common.up')} <span className="visually-hidden">({name})</span>
              </button>
              <button
                type="button"
                className="button"
                disabled={index < 0 || index === included.length - 1}
                onClick={() => setNavigation(moveItem(included, index, 1))}
              >
                {t('common.down')} <span className="visually-hidden">({name})</span>
              </button>
            </li>
          );
        })}
      </ol>
      <FieldError path="navigation" />
    </fieldset>
  );
}
