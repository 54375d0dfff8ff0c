/**
 * The frame of the simple screens (error, not found, default): the journey's own layout — the
 * same background, centred column and card — with an optional "what now" line under the text.
 */
import type { ReactNode } from 'react';

interface PageProps {
  title: string;
  children?: ReactNode;
  /** What the visitor can do next. */
  next?: string;
}

export function Page({ title, children, next }: PageProps) {
  return (
    <main className="simple-page">
      <div className="simple-page__inner">
        <div className="simple-page__card">
          <h1>{title}</h1>
          {children}
          {next && <p className="simple-page__next">{next}</p>}
        </div>
      </div>
    </main>
  );
}
