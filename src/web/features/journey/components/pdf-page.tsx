/** pdf: the training PDF from the campaign's CDN, viewable in the page, with a download link. */
import { useTranslation } from 'react-i18next';
import type { CampaignData } from '../../../../shared/campaign';
import { useJourneyData } from './journey-context';
import { JourneyStep } from './journey-step';
import { useRecordView } from './use-record-view';
import './pdf-page.css';

/** Absolute http(s) URLs are used as they are; others are relative to cdn_endpoint. */
export function pdfUrl(data: CampaignData): string | undefined {
  if (!data.pdf) return undefined;
  const base = `${(data.cdn_endpoint || data.default_endpoint).replace(/\/+$/, '')}/`;
  try {
    const url = new URL(data.pdf.url, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function PdfPage() {
  const { t } = useTranslation();
  const data = useJourneyData();
  const url = pdfUrl(data);
  useRecordView(data.rid, 'pdf_viewed', Boolean(url));
  const title = data.pdf?.title || t('pdf.title');
  return (
    <JourneyStep page="pdf" title={title}>
      {url ? (
        <>
          <p className="journey-lead">{t('pdf.intro')}</p>
          <iframe className="pdf-frame" src={url} title={t('pdf.frameTitle', { title })} />
          <p className="muted pdf-hint">{t('pdf.hint')}</p>
          <a
            className="button button--secondary"
            href={url}
            download
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('pdf.download')}
          </a>
        </>
      ) : (
        <p>{t('pdf.missing')}</p>
      )}
    </JourneyStep>
  );
}
