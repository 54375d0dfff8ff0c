/** sei: the phishing email again, its red flags numbered on it and explained; general advice below. */
import { useT } from '@web/hooks/use-t';
import { formatNumber } from '../lib/format';
import { useJourneyData } from '../hooks/journey-context';
import { JourneyStep } from './journey-step';
import { MockEmail } from './mock-email';
import { MockPage } from './mock-page';
import { TextBlock } from './safe-html';
import { useRecordView } from '../hooks/use-record-view';
import './sei-page.css';

export function SeiPage() {
  const { t, i18n } = useT();
  const data = useJourneyData();
  useRecordView(data.rid, 'sei_viewed');
  const numbered = data.sei.map((indicator, i) => ({ indicator, number: i + 1 }));
  const onEmail = numbered.filter(({ indicator }) => indicator.target.on === 'email');
  const onPage = numbered.filter(({ indicator }) => indicator.target.on === 'page');
  return (
    <JourneyStep page="sei" title={t('sei.title')}>
      <p className="journey-lead">{t(data.email ? 'sei.intro' : 'sei.introNoEmail')}</p>
      <div className="sei-layout">
        {data.email && <MockEmail email={data.email} markers={onEmail} />}
        {onPage.length > 0 && <MockPage data={data} markers={onPage} />}
        <section aria-labelledby="sei-list-title" className="sei-list">
          <h2 id="sei-list-title">{t('sei.listTitle')}</h2>
          <ol className="sei-list__items">
            {numbered.map(({ indicator, number }) => (
              <li key={indicator.id} className="sei-item">
                <span className="sei-item__number" aria-hidden="true">
                  {formatNumber(number, i18n.language)}
                </span>
                <div className="sei-item__body">
                  <h3 className="sei-item__title operator-text" dir="auto">
                    {indicator.title}
                  </h3>
                  {indicator.target.label && (
                    <p className="sei-item__where muted">
                      {t(indicator.target.on === 'email' ? 'sei.onEmail' : 'sei.onPage', {
                        label: indicator.target.label,
                      })}
                    </p>
                  )}
                  <p className="sei-item__text operator-text" dir="auto">
                    {indicator.explanation}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
      {data.sei_general_info && (
        <section className="sei-general" aria-labelledby="sei-general-title">
          <h2 id="sei-general-title">{t('sei.generalInfo')}</h2>
          <TextBlock text={data.sei_general_info} />
        </section>
      )}
    </JourneyStep>
  );
}
