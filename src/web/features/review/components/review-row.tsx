/**
 * One row of the reviewer table: the URL, the two decision radios, Submit/Resubmit and the
 * decision already stored for the URL (who, when), which leaves the seed's row state alone.
 * Clicking the already-selected radio flips to the other option (seed rule). A checked radio
 * fires no change event, so that case is caught on click (and on Space for the keyboard); an
 * unchecked one goes through change.
 */
import { useId, useRef } from 'react';
import { useT } from '@web/hooks/use-t';
import type { CurrentDecision } from '@shared/poll';
import type { Choice, PollRow } from '../lib/poll-row';
import { StoredDecisionNote } from './stored-decision-note';
import { UrlDetails } from './url-details';

interface ReviewRowProps {
  row: PollRow;
  onChoose: (choice: Choice) => void;
  onSubmit: () => void;
  /** The current stored decision; undefined while not known (not loaded, or none stored). */
  stored?: CurrentDecision;
  /** Whether the stored decisions were loaded, so "none yet" can be told from "not known". */
  storedKnown?: boolean;
}

export function ReviewRow({ row, onChoose, onSubmit, stored, storedKnown = false }: ReviewRowProps) {
  const { t } = useT();
  const id = useId();
  const urlId = `${id}-url`;
  const inputs = { tp: useRef<HTMLInputElement>(null), fp: useRef<HTMLInputElement>(null) };
  const radio = (choice: Choice) => {
    const selected = choice === 'tp' ? row.tp : row.fp;
    const visible = choice === 'tp' ? t('poll.truePositive') : t('poll.falsePositive');
    const name =
      choice === 'tp'
        ? t('poll.truePositiveFor', { url: row.url })
        : t('poll.falsePositiveFor', { url: row.url });
    return (
      <td className="review-choice-cell">
        <label className="review-choice">
          <input
            ref={inputs[choice]}
            type="radio"
            name={`${id}-decision`}
            value={choice.toUpperCase()}
            checked={selected}
            onChange={() => onChoose(choice)}
            onClick={() => {
              if (selected) onChoose(choice);
            }}
            onKeyDown={(event) => {
              // Space on a checked radio dispatches no click in Chromium: flip here, and stop the
              // browser's own activation so no browser can flip twice.
              if (event.key === ' ' && selected) {
                event.preventDefault();
                onChoose(choice);
                // Focus follows the checked option, as arrow keys do, so Tab then leaves the group.
                inputs[choice === 'tp' ? 'fp' : 'tp'].current?.focus();
              }
            }}
          />
          {/* The column header names the choice on wide screens; cards show it beside the radio. */}
          <span className="review-choice-text" aria-hidden="true">
            {visible}
          </span>
          <span className="visually-hidden">{name}</span>
        </label>
      </td>
    );
  };
  return (
    <tr>
      <td className="review-url-cell">
        <UrlDetails url={row.url} exitsInDb={row.exitsInDb} id={urlId} />
      </td>
      {radio('tp')}
      {radio('fp')}
      <td className="review-action-cell">
        <button type="button" className="button button--small" aria-describedby={urlId} onClick={onSubmit}>
          {row.submitted ? t('poll.resubmit') : t('poll.submit')}
        </button>
        {storedKnown && <StoredDecisionNote stored={stored} />}
      </td>
    </tr>
  );
}
