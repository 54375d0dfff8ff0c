/**
 * The campaign editor once the campaign is loaded: the draft, the side navigation, one section
 * at a time, the issue summary, saving, and the live preview of the unsaved draft (the pages, and
 * in the email section the email as a recipient gets it).
 */
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useEditorT } from '@console/hooks/use-editor-t';
import type { CampaignFile } from '@shared/campaign';
import type { PreviewPage } from '@console/features/preview/api/mint-preview';
import { PreviewPanel } from '@console/features/preview/components/preview-panel';
import { useSaveCampaign } from '../api/campaign-api';
import { useCampaignDraft } from '../hooks/use-campaign-draft';
import { EditorContext } from '../hooks/editor-context';
import { EditorNav } from './editor-nav';
import { EditorSection } from './editor-section';
import { EmailPreviewPanel } from './sections/email-preview';
import { IssueSummary } from './issue-summary';
import { SaveBar } from './save-bar';
import type { SectionId } from './sections-list';
import { UnsavedChanges } from './unsaved-changes';
import './campaign-editor.css';

interface CampaignEditorProps {
  campaignId: string;
  initial: CampaignFile;
  readOnly: boolean;
  /** How long the preview waits after the last edit before it re-mints. */
  previewDelayMs?: number;
}

export function CampaignEditor({ campaignId, initial, readOnly, previewDelayMs }: CampaignEditorProps) {
  const { t } = useEditorT();
  const { draft, update, dirty, markSaved, issues, shown, byPath, touch, revealAll } =
    useCampaignDraft(initial);
  const [section, setSection] = useState<SectionId>('general');
  const [previewPage, setPreviewPage] = useState<PreviewPage>('phish');
  const save = useSaveCampaign(campaignId);
  const summary = useRef<HTMLDivElement>(null);
  const context = useMemo(
    () => ({ campaignId, draft, update, byPath, touch, readOnly, markSaved }),
    [campaignId, draft, update, byPath, touch, readOnly, markSaved],
  );

  const openField = (target: SectionId, id: string) => {
    // The field exists once its section is shown; render that first, then focus it.
    flushSync(() => setSection(target));
    document.getElementById(id)?.focus();
  };
  const onSave = () => {
    if (issues.length > 0) {
      // Pressing Save shows every problem, untouched fields' too, and leads to their list.
      flushSync(revealAll);
      return summary.current?.focus();
    }
    save.mutate(draft, { onSuccess: () => markSaved(draft) });
  };

  return (
    <EditorContext.Provider value={context}>
      <div className="campaign-editor">
        <SaveBar
          name={draft.name}
          dirty={dirty}
          readOnly={readOnly}
          saving={save.isPending}
          saved={save.isSuccess && !dirty}
          error={save.error?.message}
          onSave={onSave}
        />
        {readOnly && <p className="campaign-editor__readonly">{t('editor.readOnly')}</p>}
        <IssueSummary ref={summary} issues={shown} onOpen={openField} />
        <div className="campaign-editor__layout">
          <EditorNav current={section} issues={shown} onSelect={setSection} />
          <fieldset
            className="campaign-editor__form"
            disabled={readOnly}
            aria-label={t(`section.${section}`)}
          >
            <EditorSection section={section} onShowPhishPreview={() => setPreviewPage('phish')} />
          </fieldset>
          <aside className="campaign-editor__preview" aria-label={t('preview.title')}>
            {/* Outside the form's fieldset: a viewer may switch its language and tabs too. */}
            {section === 'email' && draft.email && <EmailPreviewPanel delayMs={previewDelayMs} />}
            <PreviewPanel
              source={{ campaignId }}
              content={draft}
              defaultLanguage={draft.language_code}
              steps={draft.navigation}
              page={previewPage}
              onPageChange={setPreviewPage}
              delayMs={previewDelayMs}
            />
          </aside>
        </div>
        <UnsavedChanges dirty={dirty && !readOnly} />
      </div>
    </EditorContext.Provider>
  );
}
