/**
 * The email as a recipient gets it: From, Subject, and the HTML or the text part, in a language
 * the operator picks, with one recipient's variables filled in. The HTML part is the server's
 * document for it (its own policy lets the email's inline styles apply, as a mail client does),
 * framed with an empty `sandbox`: an opaque origin where no script runs, so the operator's HTML
 * can never act in the console's origin.
 */
import { useId, useState } from 'react';
import { LanguageSelect } from '@console/components/language-select';
import { carriesQrCode } from '@shared/campaign';
import { localiseCampaign } from '@shared/campaign-content';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { useEmailPreview } from '@console/features/editor/hooks/use-email-preview';
import { useEditorT } from '@console/hooks/use-editor-t';
import { useEditor } from '../../hooks/editor-context';
import './email-preview.css';

type View = 'html' | 'text';

export function EmailPreviewPanel({ delayMs }: { delayMs?: number }) {
  const { t } = useEditorT();
  const { campaignId, draft } = useEditor();
  const id = useId();
  const [language, setLanguage] = useState<LanguageCode>(draft.language_code);
  const [view, setView] = useState<View>('html');
  const { preview, error, loading } = useEmailPreview(campaignId, draft, language, delayMs);
  const email = preview?.email;
  const recipient = preview?.recipient;
  // The HTML part shows the QR code where it has {{qr_code}}; without one, where the text has it.
  const shown = preview && localiseCampaign(draft, preview.language).email;
  const qr = shown ? carriesQrCode(shown.html ?? shown.body) : false;

  return (
    <section className="email-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="email-preview__title">
        {t('emailPreview.title')}
      </h3>
      <div className="email-preview__controls">
        <label htmlFor={`${id}-language`}>{t('emailPreview.language')}</label>
        <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} />
        <span role="status">{loading ? t('emailPreview.loading') : ''}</span>
      </div>
      {error && (
        <p className="email-preview__error" role="alert">
          {t('emailPreview.failed', { message: error })}
        </p>
      )}
      {preview && preview.language !== language && (
        <p className="email-preview__note">
          {t('emailPreview.fallback', {
            language: LANGUAGES[language].name,
            shown: LANGUAGES[preview.language].name,
          })}
        </p>
      )}
      {recipient && (
        <p className="email-preview__note">
          {recipient.id === null
            ? t('emailPreview.sample', { email: recipient.email })
            : t('emailPreview.recipient', { email: recipient.email })}{' '}
          {t('emailPreview.linkNote')}
          {qr && ` ${t('emailPreview.qrNote')}`}
        </p>
      )}
      {preview && !email && <p className="email-preview__note">{t('emailPreview.none')}</p>}
      {email && (
        <div className="email-preview__message" lang={preview.language}>
          <dl className="email-preview__headers">
            <dt>{t('emailPreview.from')}</dt>
            <dd dir="auto">{email.from}</dd>
            <dt>{t('emailPreview.subject')}</dt>
            <dd dir="auto">{email.subject}</dd>
          </dl>
          <div role="tablist" aria-label={t('emailPreview.views')} className="email-preview__tabs">
            {(['html', 'text'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                id={`${id}-tab-${v}`}
                aria-selected={view === v}
                aria-controls={`${id}-panel`}
                className="email-preview__tab"
                onClick={() => setView(v)}
              >
                {t(`emailPreview.${v}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${view}`}>
            {view === 'html' ? (
              <iframe
                className="email-preview__frame"
                title={t('emailPreview.frameTitle', { language: LANGUAGES[preview.language].name })}
                sandbox=""
                src={preview.document ?? 'about:blank'}
              />
            ) : (
              <pre className="email-preview__text" dir="auto">
                {email.text}
              </pre>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
