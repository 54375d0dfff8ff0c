/** The awareness page: its title and content, plain text or HTML (sanitised when shown). */
import { useEditorT } from '@console/hooks/use-editor-t';
import { optional } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { CheckboxField, TextField } from '../fields';
import { Section } from './section';

export function AwarenessSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const awareness = draft.awareness;
  return (
    <Section id="awareness" title={t('section.awareness')}>
      <TextField
        path="awareness.title"
        label={t('awareness.title')}
        value={awareness.title}
        onChange={(v) => update((f) => ({ ...f, awareness: { ...f.awareness, title: optional(v) } }))}
      />
      <TextField
        path="awareness.content"
        label={t('awareness.content')}
        multiline
        rows={12}
        value={awareness.content}
        onChange={(content) => update((f) => ({ ...f, awareness: { ...f.awareness, content } }))}
      />
      <CheckboxField
        path="awareness.typeHtml"
        label={t('awareness.isHtml')}
        hint={t('awareness.isHtmlHint')}
        checked={awareness.typeHtml}
        onChange={(typeHtml) => update((f) => ({ ...f, awareness: { ...f.awareness, typeHtml } }))}
      />
    </Section>
  );
}
