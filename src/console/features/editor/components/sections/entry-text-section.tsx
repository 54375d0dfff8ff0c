/** The entry-text step's text, and the general information shown with the red flags. */
import { useEditorT } from '@console/hooks/use-editor-t';
import { useEditor } from '../../hooks/editor-context';
import { TextField } from '../fields';
import { Section } from './section';

export function EntryTextSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  return (
    <Section id="entry" title={t('section.entry')}>
      <TextField
        path="entry_text"
        label={t('entry.text')}
        multiline
        rows={8}
        value={draft.entry_text}
        onChange={(entry_text) => update((f) => ({ ...f, entry_text }))}
      />
      <TextField
        path="sei_general_info"
        label={t('entry.seiGeneralInfo')}
        hint={t('entry.seiGeneralInfoHint')}
        multiline
        rows={8}
        value={draft.sei_general_info}
        onChange={(sei_general_info) => update((f) => ({ ...f, sei_general_info }))}
      />
    </Section>
  );
}
