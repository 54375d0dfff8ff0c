/**
 * The phishing page: the built-in look-alike sign-in page (brand, logo) or the operator's own
 * HTML, pasted, loaded from a file or imported from a site, with what a submit does and where its files may come from.
 * The preview panel shows either as recipients see it.
 */
import { useId, useState } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import { optional } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { TextField } from '../fields';
import { Section } from './section';
import { ImportSiteForm } from './import-site-form';
import { TemplateNotes } from './template-notes';

export function PhishingSection({ onShowPreview }: { onShowPreview: () => void }) {
  const { t } = useEditorT();
  const id = useId();
  const { draft, update } = useEditor();
  const phishing = draft.phishing;
  const usesTemplate = phishing.template_html !== undefined;
  const setTemplate = (template_html: string | undefined) =>
    update((f) => ({ ...f, phishing: { ...f.phishing, template_html } }));
  // A template set aside by choosing the built-in page comes back if the operator changes their mind.
  const [setAside, setSetAside] = useState('');
  const chooseBuiltin = () => {
    setSetAside(phishing.template_html ?? setAside);
    setTemplate(undefined);
  };

  const loadFile = async (file: File | undefined) => {
    if (file) setTemplate(await file.text());
  };

  return (
    <Section id="phishing" title={t('section.phishing')}>
      <fieldset>
        <legend>{t('phishing.kind')}</legend>
        <label className="field field--checkbox">
          <input type="radio" name={`${id}-kind`} checked={!usesTemplate} onChange={chooseBuiltin} />
          {t('phishing.builtin')}
        </label>
        <label className="field field--checkbox">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={usesTemplate}
            onChange={() => setTemplate(setAside)}
          />
          {t('phishing.template')}
        </label>
      </fieldset>
      {usesTemplate ? (
        <>
          <TextField
            path="phishing.template_html"
            label={t('phishing.templateHtml')}
            multiline
            rows={14}
            dir="ltr"
            hint={t('phishing.submitHelp')}
            value={phishing.template_html}
            onChange={(value) => setTemplate(value)}
          />
          <TemplateNotes html={phishing.template_html ?? ''} />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-file`}>
              {t('phishing.upload')}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".html,.htm,text/html"
              onChange={(e) => void loadFile(e.target.files?.[0])}
            />
          </div>
        </>
      ) : (
        <>
          <TextField
            path="phishing.brand"
            label={t('phishing.brand')}
            value={phishing.brand}
            onChange={(value) =>
              update((f) => ({ ...f, phishing: { ...f.phishing, brand: optional(value) } }))
            }
          />
          <TextField
            path="phishing.phishing_logo"
            type="url"
            dir="ltr"
            label={t('phishing.logo')}
            value={phishing.phishing_logo}
            onChange={(value) =>
              update((f) => ({ ...f, phishing: { ...f.phishing, phishing_logo: optional(value) } }))
            }
          />
        </>
      )}
      <ImportSiteForm />
      <button type="button" className="button" onClick={onShowPreview}>
        {t('phishing.showPreview')}
      </button>
    </Section>
  );
}
