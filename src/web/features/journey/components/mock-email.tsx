/**
 * The phishing email as the recipient received it, with numbered markers over each red flag's
 * region (percent of the email's box, so markers follow the layout at any width).
 */
import { useTranslation } from 'react-i18next';
import type { CampaignData, SeiIndicator } from '../../../../shared/campaign';
import { formatNumber } from '../lib/format';

interface MockEmailProps {
  email: NonNullable<CampaignData['email']>;
  markers: { indicator: SeiIndicator; number: number }[];
}

export function MockEmail({ email, markers }: MockEmailProps) {
  const { t, i18n } = useTranslation();
  return (
    <figure className="mock-email" aria-labelledby="mock-email-caption">
      <figcaption id="mock-email-caption" className="visually-hidden">
        {t('sei.emailLabel')}
      </figcaption>
      <div className="mock-email__box">
        <div className="mock-email__header">
          <p className="mock-email__row">
            <span className="mock-email__key">{t('sei.from')}</span> <span dir="auto">{email.from}</span>
          </p>
          <p className="mock-email__row mock-email__subject">
            <span className="mock-email__key">{t('sei.subject')}</span>{' '}
            <span dir="auto">{email.subject}</span>
          </p>
        </div>
        <div className="mock-email__body" dir="auto">
          {email.body}
        </div>
        {markers.map(({ indicator, number }) => {
          const region = indicator.target.region;
          if (!region) return null;
          return (
            <span
              key={indicator.id}
              className="mock-email__marker"
              // Positions come from the campaign; set through the CSSOM, which the CSP allows.
              style={{
                insetInlineStart: `${region.x}%`,
                insetBlockStart: `${region.y}%`,
                inlineSize: `${region.width}%`,
                blockSize: `${region.height}%`,
              }}
              aria-hidden="true"
            >
              <span className="mock-email__badge">{formatNumber(number, i18n.language)}</span>
            </span>
          );
        })}
      </div>
    </figure>
  );
}
