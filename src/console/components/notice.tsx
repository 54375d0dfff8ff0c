/** A calm message box: status (polite) for confirmations, warning for what needs a second look. */
import type { ReactNode } from 'react';
import './notice.css';

export function Notice({
  tone = 'info',
  children,
}: {
  tone?: 'info' | 'success' | 'warning';
  children: ReactNode;
}) {
  return (
    <div className={`notice notice--${tone}`} role="status">
      {children}
    </div>
  );
}
