/**
 * The preview iframe at phone width (360 px) or desktop width (1280 px, scaled down to the
 * space there is). No sandbox attribute: the pages come from our own server with its own CSP,
 * and an operator template is served sandboxed by the server itself.
 */
import { useEffect, useRef, useState } from 'react';
import './preview-frame.css';

export type PreviewWidth = 'phone' | 'desktop';

const WIDTHS: Record<PreviewWidth, number> = { phone: 360, desktop: 1280 };
const HEIGHT = 720;

interface PreviewFrameProps {
  src: string | undefined;
  width: PreviewWidth;
  title: string;
}

export function PreviewFrame({ src, width, title }: PreviewFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pixels = WIDTHS[width];
  const scale = available ? Math.min(1, available / pixels) : 1;
  return (
    <div ref={box} className="preview-frame" style={{ blockSize: `${HEIGHT * scale}px` }}>
      <iframe
        className="preview-frame__iframe"
        title={title}
        src={src ?? 'about:blank'}
        style={{ width: `${pixels}px`, height: `${HEIGHT}px`, transform: `scale(${scale})` }}
      />
    </div>
  );
}
