/**
 * The phishing email as the recipient received it, each red flag numbered where it is: on the
 * From or Subject line, on the text it points at in the body, or — for a flag with only a
 * region — over that region (percent of the email's box). Numbers sit in the line, before the
 * text they mark, so at any width and in any script they never cover it.
 */
import type { ReactNode } from 'react';
import { useT } from '@web/hooks/use-t';
import type { CampaignData } from '@shared/campaign';
import { formatNumber } from '../lib/format';
import { markMatches } from '../lib/mark-matches';
import { FlagRegions, type Marker } from './flag-regions';
import './flag-regions.css';
import './mock-email.css';

interface MockEmailProps {
  email: NonNullable<CampaignData['email']>;
  markers: Marker[];
}

function Badges({ markers }: { markers: Marker[] }) {
  const { i18n } = useT();
  // The number is drawn by CSS from data-number, so it is not part of the email's text (copy,
  // innerText); the list below the email says the same in words.
  return markers.map(({ indicator, number }) => (
    <span
      key={indicator.id}
      className="flag-badge mock-email__badge"
      data-number={formatNumber(number, i18n.language)}
      aria-hidden="true"
    />
  ));
}

function Row({
  label,
  value,
  markers,
  className = '',
}: {
  label: string;
  value: string;
  markers: Marker[];
  className?: string;
}) {
  const flagged = markers.length > 0 ? ' mock-email__flagged' : '';
  return (
    <p className={`mock-email__row ${className}${flagged}`}>
      <Badges markers={markers} />
      <span className="mock-email__key">{label}</span> <span dir="auto">{value}</span>
    </p>
  );
}

export function MockEmail({ email, markers }: MockEmailProps) {
  const { t } = useT();
  const on = (element: string) => markers.filter((m) => m.indicator.target.element === element);
  const inBody = on('body').filter((m) => m.indicator.target.match);
  const body: ReactNode[] = markMatches(
    email.body,
    inBody.map((m) => ({ text: m.indicator.target.match ?? '', value: m })),
  ).map((part, i) =>
    part.value ? (
      <mark key={i} className="mock-email__flagged mock-email__mark">
        <Badges markers={[part.value]} />
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
  const regional = markers.filter((m) => !m.indicator.target.element && m.indicator.target.region);
  return (
    <figure className="mock-email" aria-labelledby="mock-email-caption">
      <figcaption id="mock-email-caption" className="visually-hidden">
        {t('sei.emailLabel')}
      </figcaption>
      <div className="mock-email__box">
        <div className="mock-email__header">
          <Row label={t('sei.from')} value={email.from} markers={on('from')} />
          <Row
            label={t('sei.subject')}
            value={email.subject}
            markers={on('subject')}
            className="mock-email__subject"
          />
        </div>
        <div className="mock-email__body" dir="auto">
          {body}
        </div>
        <FlagRegions markers={regional} />
      </div>
    </figure>
  );
}
