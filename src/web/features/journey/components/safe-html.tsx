/** Operator HTML shown inside the app, sanitized first; plain text becomes paragraphs. */
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize';

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // Safe: DOMPurify removed every script, handler and javascript: URL above.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function TextBlock({ text, className }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  return (
    <div className={className}>
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="journey-text">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
