/**
 * The phishing page again, small and inert, with the red flags that point at it (target.on
 * "page") outlined and numbered over their regions: the operator's template in its own sandboxed
 * document, or a sketch of the built-in sign-in page.
 */
import { useT } from '@web/hooks/use-t';
import type { CampaignData } from '@shared/campaign';
import { FlagRegions, type Marker } from './flag-regions';
import './flag-regions.css';
import './mock-page.css';

export function MockPage({ data, markers }: { data: CampaignData; markers: Marker[] }) {
  const { t } = useT();
  const { phishing } = data;
  return (
    <figure className="mock-page" aria-labelledby="mock-page-caption">
      <figcaption id="mock-page-caption" className="visually-hidden">
        {t('sei.pageLabel')}
      </figcaption>
      <div className="mock-page__box">
        {/* A picture, not a page: nothing in it can be focused, typed into or sent. */}
        <div className="mock-page__view" inert>
          {phishing.has_template ? (
            <iframe
              className="mock-page__frame"
              src={phishing.template_url}
              title={t('sei.pageLabel')}
              sandbox="allow-scripts"
              tabIndex={-1}
            />
          ) : (
            <div className="mock-page__sketch" aria-hidden="true">
              {data.phishing_logo ? (
                <img className="mock-page__logo" src={data.phishing_logo} alt="" />
              ) : (
                <span className="mock-page__brand">{phishing.brand}</span>
              )}
              <span className="mock-page__title">{t('journey.template')}</span>
              <span className="mock-page__label">{t('journey.signIn.email')}</span>
              <span className="mock-page__input" />
              <span className="mock-page__label">{t('journey.signIn.password')}</span>
              <span className="mock-page__input" />
              <span className="mock-page__button">{t('journey.signIn.submit')}</span>
            </div>
          )}
        </div>
        <FlagRegions markers={markers} />
      </div>
    </figure>
  );
}
