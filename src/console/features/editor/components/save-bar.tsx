/** The editor's header: the campaign's name, whether there is anything to save, and Save. */
import { useEditorT } from '@console/hooks/use-editor-t';

interface SaveBarProps {
  name: string;
  dirty: boolean;
  readOnly: boolean;
  saving: boolean;
  saved: boolean;
  error: string | undefined;
  onSave: () => void;
}

export function SaveBar({ name, dirty, readOnly, saving, saved, error, onSave }: SaveBarProps) {
  const { t } = useEditorT();
  const state = saving ? t('save.saving') : dirty ? t('save.unsaved') : saved ? t('save.saved') : '';
  return (
    <header className="save-bar">
      <h1 className="save-bar__title" dir="auto">
        {t('editor.title', { name: name || t('editor.untitled') })}
      </h1>
      <p className="save-bar__state" role="status">
        {state}
      </p>
      {!readOnly && (
        <button type="button" className="button button--primary" disabled={!dirty || saving} onClick={onSave}>
          {t('save.button')}
        </button>
      )}
      {error && (
        <p className="save-bar__error" role="alert">
          {t('save.failed', { message: error })}
        </p>
      )}
    </header>
  );
}
