/** The designed loading state: a spinner with an accessible label. */
import { useT } from '@web/hooks/use-t';

export function LoadingState() {
  const { t } = useT();
  return (
    <main className="page journey-loading">
      <div role="status" className="journey-loading__status">
        <div className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('journey.loading')}</span>
      </div>
    </main>
  );
}
