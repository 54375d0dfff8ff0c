/** pdf: the training PDF from the campaign's CDN, viewable in the page, with a download link. */
import { useSyncExternalStore } from 'react';
import { useT } from '@web/hooks/use-t';
import type { CampaignData } from '@shared/campaign';
import { useJourneyData } from '../hooks/journey-context';
import { JourneyStep } from './journey-step';
import { useRecordView } from '../hooks/use-record-view';
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

/** Fit to width, no thumbnail sidebar: readable at once in Chromium's and Firefox's viewers. */
export const PDF_VIEW = '#view=FitH&pagemode=none';

/** Phones rarely show a framed PDF at all: below this width the page offers a card instead. */
const SMALL_SCREEN = '(max-width: 640px)';

// Where matchMedia is missing (old engines, jsdom) the frame is shown, as before.
const hasMatchMedia = () => typeof window.matchMedia === 'function';

function subscribeSmall(onChange: () => void) {
  if (!hasMatchMedia()) return () => undefined;
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isSmallScreen = () => hasMatchMedia() && window.matchMedia(SMALL_SCREEN).matches;

/** "Pages: 12 · 1.4 MB" in the page's language, from what the campaign says of its PDF. */
export function pdfFacts(pdf: CampaignData['pdf'], language: string, pages: string): string {
  const parts: string[] = [];
  if (pdf?.pages) parts.push(pages);
  if (pdf?.size_bytes) {
    const megabytes = pdf.size_bytes >= 1_000_000;
    const size = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: 1,
    });
    parts.push(size.format(pdf.size_bytes / (megabytes ? 1_000_000 : 1000)));
  }
  return parts.join(' · ');
}

export function PdfPage() {
  const { t, i18n } = useT();
  const data = useJourneyData();
  const url = pdfUrl(data);
  const small = useSyncExternalStore(subscribeSmall, isSmallScreen);
  useRecordView(data.rid, 'pdf_viewed', Boolean(url));
  const title = data.pdf?.title || t('pdf.title');
  const facts = pdfFacts(data.pdf, i18n.language, t('pdf.pages', { count: data.pdf?.pages ?? 0 }));
  if (!url) {
    return (
      <JourneyStep page="pdf" title={title}>
        <p>{t('pdf.missing')}</p>
      </JourneyStep>
    );
  }
  const links = (
    <div className="pdf-links">
      <a className="button" href={url + PDF_VIEW} target="_blank" rel="noopener noreferrer">
        {t('pdf.open')}
      </a>
      <a className="button button--secondary" href={url} download target="_blank" rel="noopener noreferrer">
        {t('pdf.download')}
      </a>
    </div>
  );
  return (
    <JourneyStep page="pdf" title={title}>
      <p className="journey-lead">{t('pdf.intro')}</p>
      {small ? (
        <div className="pdf-card">
          <span className="pdf-card__icon" aria-hidden="true">
            PDF
          </span>
          <div className="pdf-card__body">
            <p className="pdf-card__title" dir="auto">
              {title}
            </p>
            {facts && <p className="pdf-card__facts">{facts}</p>}
            <p className="muted pdf-card__hint">{t('pdf.cardHint')}</p>
            {links}
          </div>
        </div>
      ) : (
        <>
          <iframe className="pdf-frame" src={url + PDF_VIEW} title={t('pdf.frameTitle', { title })} />
          <p className="muted pdf-hint">{t('pdf.hint')}</p>
          {links}
        </>
      )}
    </JourneyStep>
  );
}
