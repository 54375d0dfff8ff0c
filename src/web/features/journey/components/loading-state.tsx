/** The designed loading state: a spinner with an accessible label. */
import { useTranslation } from 'react-i18next';

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <main className="page journey-loading">
      <div role="status" className="journey-loading__status">
        <div className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('journey.loading')}</span>
      </div>
    </main>
  );
}
