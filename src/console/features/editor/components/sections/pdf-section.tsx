/** The PDF step's document: where it is, its title, and its length and size for the phone card. */
import { useEditorT } from '@console/hooks/use-editor-t';
import type { CampaignFile } from '@shared/campaign';
import { optional } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { CheckboxField, NumberField, TextField } from '../fields';
import { Section } from './section';

type Pdf = NonNullable<CampaignFile['pdf']>;

export function PdfSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const pdf = draft.pdf;
  const set = (change: Partial<Pdf>) => update((f) => ({ ...f, pdf: { url: '', ...f.pdf, ...change } }));
  return (
    <Section id="pdf" title={t('section.pdf')}>
      <CheckboxField
        path="pdf"
        label={t('pdf.include')}
        checked={pdf !== undefined}
        onChange={(on) => update((f) => ({ ...f, pdf: on ? { url: '' } : undefined }))}
      />
      {pdf && (
        <>
          <TextField
            path="pdf.url"
            dir="ltr"
            label={t('pdf.url')}
            value={pdf.url}
            onChange={(url) => set({ url })}
          />
          <TextField
            path="pdf.title"
            label={t('pdf.title')}
            value={pdf.title}
            onChange={(v) => set({ title: optional(v) })}
          />
          <NumberField
            path="pdf.pages"
            label={t('pdf.pages')}
            min={1}
            step={1}
            value={pdf.pages}
            onChange={(pages) => set({ pages })}
          />
          <NumberField
            path="pdf.size_bytes"
            label={t('pdf.size')}
            hint={t('pdf.sizeHint')}
            min={1}
            step={1}
            value={pdf.size_bytes}
            onChange={(size_bytes) => set({ size_bytes })}
          />
        </>
      )}
    </Section>
  );
}
