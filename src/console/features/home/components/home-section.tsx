/** One panel of the home page: a heading, its state (loading, error, empty) and its lines. */
import type { ReactNode } from 'react';
import { useT } from '@console/hooks/use-t';
import { ErrorAlert } from '@console/components/error-alert';

interface HomeSectionProps {
  id: string;
  title: string;
  query: { isPending: boolean; error: unknown };
  children: ReactNode;
}

export function HomeSection({ id, title, query, children }: HomeSectionProps) {
  const { t } = useT();
  return (
    <section className="panel home__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ErrorAlert error={query.error} />
      {query.isPending && !query.error ? <p role="status">{t('loading')}</p> : children}
    </section>
  );
}
