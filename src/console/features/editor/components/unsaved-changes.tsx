/**
 * Warns before unsaved changes are lost: the browser's own prompt when the tab is closed or
 * reloaded, and — when the console runs on a data router, which useBlocker needs — a prompt
 * inside the page when the operator navigates away within the console.
 */
import { useContext, useEffect } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

function InAppBlocker({ dirty }: { dirty: boolean }) {
  const { t } = useEditorT();
  const blocker = useBlocker(dirty);
  if (blocker.state !== 'blocked') return null;
  return (
    <div
      className="unsaved-prompt"
      role="alertdialog"
      aria-labelledby="unsaved-prompt-text"
      aria-modal="false"
    >
      <p id="unsaved-prompt-text">{t('unsaved.leave')}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={() => blocker.reset()}>
          {t('unsaved.stay')}
        </button>
        <button type="button" className="button button--danger" onClick={() => blocker.proceed()}>
          {t('unsaved.discard')}
        </button>
      </div>
    </div>
  );
}

export function UnsavedChanges({ dirty }: { dirty: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return dataRouter ? <InAppBlocker dirty={dirty} /> : null;
}
