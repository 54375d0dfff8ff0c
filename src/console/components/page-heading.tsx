/**
 * A page's h1. It takes focus when the page is reached, so a screen reader announces the new
 * page and keyboard users start from its top instead of from the link they followed. A text
 * heading also names the browser tab.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import './page-heading.css';

export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.focus();
  }, [pathname]);
  useEffect(() => {
    if (typeof children === 'string') document.title = `${children} · Hookwise`;
  }, [children]);
  return (
    <div className="page-heading">
      <h1 ref={ref} tabIndex={-1}>
        {children}
      </h1>
      {actions && <div className="page-heading__actions">{actions}</div>}
    </div>
  );
}
