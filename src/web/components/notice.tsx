/**
 * A message box: an error is an alert (read out at once, it needs action); `info` is a polite
 * status. The console's Notice has the same API with two more tones the pages here do not use.
 */
import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'error';

export function Notice({ tone = 'info', children }: { tone?: NoticeTone; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
