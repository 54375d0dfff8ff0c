/**
 * The email, shown plainly, as a surface to place a red flag on: the From and Subject lines
 * are buttons that mark themselves; text selected in the body (mouse or Shift+arrows; the body
 * is a read-only text box so the keyboard can select in it) becomes the flag's match.
 */
import { useId, type SyntheticEvent } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import type { SeiIndicator } from '@shared/campaign';
import { useEditor } from '../../hooks/editor-context';
import { placeOnElement } from './placement';
import './placer.css';

type Target = SeiIndicator['target'];

export function EmailPlacer({ target, onPlace }: { target: Target; onPlace: (target: Target) => void }) {
  const { t } = useEditorT();
  const id = useId();
  const { draft } = useEditor();
  const email = draft.email;
  if (!email) return <p className="placer__note">{t('placer.noEmail')}</p>;

  const onSelect = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    const selected = box.value.slice(box.selectionStart, box.selectionEnd).trim();
    if (selected && selected !== target.match) onPlace(placeOnElement(target, 'body', selected));
  };

  return (
    <div className="placer" role="group" aria-labelledby={`${id}-name`} aria-describedby={`${id}-help`}>
      <p id={`${id}-name`} className="placer__name">
        {t('placer.emailName')}
      </p>
      <p id={`${id}-help`} className="placer__help">
        {t('placer.emailHelp')}
      </p>
      <div className="placer__email">
        {(['from', 'subject'] as const).map((element) => (
          <button
            key={element}
            type="button"
            className="placer__line"
            aria-pressed={target.element === element}
            onClick={() => onPlace(placeOnElement(target, element))}
          >
            <span className="placer__key">{t(`sei.element.${element}`)}:</span>{' '}
            <span dir="auto">{email[element]}</span>
          </button>
        ))}
        <label htmlFor={`${id}-body`} className="visually-hidden">
          {t('placer.emailBody')}
        </label>
        <textarea
          id={`${id}-body`}
          className={`placer__body${target.element === 'body' ? ' placer__body--marked' : ''}`}
          readOnly
          dir="auto"
          rows={8}
          value={email.body}
          onSelect={onSelect}
        />
        {target.element === 'body' && target.match && (
          <p className="placer__match">{t('placer.marked', { text: target.match })}</p>
        )}
      </div>
    </div>
  );
}
