/** Shows a failed request's message (the server's own words) in an alert region. */
import { useT } from '@console/hooks/use-t';
import { ApiError } from '@shared/api-client';
import { Notice } from './notice';

export function errorMessage(error: unknown, fallback: string): string {
  // The server's own words; no answer, or an answer of the wrong shape, has none for a person.
  if (error instanceof ApiError && error.answered) return error.message;
  return fallback;
}

export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useT();
  if (!error) return null;
  return <Notice tone="error">{errorMessage(error, t('error.generic'))}</Notice>;
}
