/** Shows a failed request's message (the server's own words) in an alert region. */
import { useT } from '../lib/use-t';
import { ConsoleApiError } from '../lib/api';
import './notice.css';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ConsoleApiError) return error.message;
  return fallback;
}

export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useT();
  if (!error) return null;
  return (
    <div className="notice notice--error" role="alert">
      {errorMessage(error, t('error.generic'))}
    </div>
  );
}
