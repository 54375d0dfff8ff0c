/**
 * Operator HTML shown inside the app, sanitized first; plain text becomes paragraphs. The
 * sanitizer (DOMPurify) loads on demand, so it is not part of the first load of /phish.
 */
import { useEffect, useState } from 'react';
import './safe-html.css';

const loadSanitizer = () => import('../lib/sanitize');

/** Starts loading the sanitizer early (the journey calls it once campaign data is ready). */
export function preloadSanitizer(): void {
  void loadSanitizer();
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<{ from: string; html: string }>();
  useEffect(() => {
    let live = true;
    void loadSanitizer().then(({ sanitizeHtml }) => {
      if (live) setClean({ from: html, html: sanitizeHtml(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);
  // Nothing unsanitized is ever rendered: until the sanitizer has run on this html, render empty.
  // dir="auto": operator content keeps its own direction inside a page in another language.
  if (clean?.from !== html) return <div className={className} dir="auto" aria-busy="true" />;
  // Safe: DOMPurify removed every script, handler and javascript: URL.
  return <div className={className} dir="auto" dangerouslySetInnerHTML={{ __html: clean.html }} />;
}

export function TextBlock({ text, className }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  return (
    <div className={className}>
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="journey-text" dir="auto">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
