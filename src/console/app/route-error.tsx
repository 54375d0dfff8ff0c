/**
 * What a route shows when it fails to render or its chunk fails to load (a deploy replaced the
 * files, say): a plain message and a way back, not an empty page.
 */
import { useT } from '@console/hooks/use-t';
import { useRouteError } from 'react-router';
import { errorMessage } from '../components/error-alert';

export function RouteError() {
  const { t } = useT();
  const error = useRouteError();
  return (
    <div role="alert" className="panel">
      <h1>{t('routeError.title')}</h1>
      <p>{errorMessage(error, t('routeError.body'))}</p>
      <p>
        <a href="/campaigns">{t('routeError.reload')}</a>
      </p>
    </div>
  );
}
