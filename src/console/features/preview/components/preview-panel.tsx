/**
 * The live preview: the real recipient pages, minted from the unsaved draft, in a language and
 * a page the operator picks, at phone or (scaled) desktop width.
 */
import { useId, useState } from 'react';
import { LanguageSelect } from '@console/components/language-select';
import { useEditorT } from '@console/hooks/use-editor-t';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import type { PhishStep } from '@shared/routes';
import { PREVIEW_PAGES, type PreviewPage, type PreviewSource } from '../api/mint-preview';
import { usePreview } from '../hooks/use-preview';
import { PreviewFrame, type PreviewWidth } from './preview-frame';
import './preview-panel.css';

interface PreviewPanelProps {
  source: PreviewSource;
  /** The unsaved campaign file to show; a scenario is shown as stored. */
  content?: unknown;
  defaultLanguage: LanguageCode;
  /** The journey's steps: only these (with the phishing and the completed page) are offered. */
  steps: readonly PhishStep[];
  page: PreviewPage;
  onPageChange: (page: PreviewPage) => void;
  delayMs?: number;
}

const isPage = (value: string): value is PreviewPage => (PREVIEW_PAGES as readonly string[]).includes(value);

export function PreviewPanel({
  source,
  content,
  defaultLanguage,
  steps,
  page,
  onPageChange,
  delayMs,
}: PreviewPanelProps) {
  const { t } = useEditorT();
  const id = useId();
  const [language, setLanguage] = useState<LanguageCode>(defaultLanguage);
  const [width, setWidth] = useState<PreviewWidth>('phone');
  const { preview, error, loading, refresh } = usePreview({ source, content, language, delayMs });
  // Only the pages this campaign's journey shows: a step left out is not previewed.
  const pages = PREVIEW_PAGES.filter(
    (p) => p === 'phish' || p === 'campaign-completed' || (steps as readonly string[]).includes(p),
  );
  const shown = pages.includes(page) ? page : 'phish';
  const src = preview?.pages[shown];

  return (
    <section className="preview-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="preview-panel__title">
        {t('preview.title')}
      </h2>
      <div className="preview-panel__controls">
        <label htmlFor={`${id}-language`}>{t('preview.language')}</label>
        <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} />
        <label htmlFor={`${id}-page`}>{t('preview.page')}</label>
        <select
          id={`${id}-page`}
          value={shown}
          onChange={(e) => isPage(e.target.value) && onPageChange(e.target.value)}
        >
          {pages.map((p) => (
            <option key={p} value={p}>
              {t(`preview.pages.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="preview-panel__width">
        <legend>{t('preview.width')}</legend>
        {(['phone', 'desktop'] as const).map((w) => (
          <label key={w}>
            <input type="radio" name={`${id}-width`} checked={width === w} onChange={() => setWidth(w)} />{' '}
            {t(`preview.${w}`)}
          </label>
        ))}
      </fieldset>
      <div className="preview-panel__status">
        <button type="button" className="button" onClick={refresh}>
          {t('preview.refresh')}
        </button>
        <span role="status">{loading ? t('preview.loading') : ''}</span>
      </div>
      {error && (
        <p className="preview-panel__error" role="alert">
          {t('preview.failed', { message: error })}
        </p>
      )}
      <PreviewFrame
        src={src}
        width={width}
        title={t('preview.frameTitle', {
          page: t(`preview.pages.${shown}`),
          language: LANGUAGES[language].name,
        })}
      />
    </section>
  );
}
