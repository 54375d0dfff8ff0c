/** The frame of one editor section: a headed region, so screen readers can jump between them. */
import type { ReactNode } from 'react';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="editor-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="editor-section__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
