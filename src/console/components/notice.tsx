/**
 * A message box in one of four tones. An error is an alert (read out at once, it needs action);
 * the other tones are a polite status: a confirmation, or a warning that needs a second look.
 */
import type { ReactNode } from 'react';
import './notice.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export function Notice({ tone = 'info', children }: { tone?: NoticeTone; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
