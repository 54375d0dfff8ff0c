/**
 * The operator's template, in a sandboxed iframe (opaque origin: nothing it runs can reach the
 * app's window, storage, cookies or API). It tells us only which fields were filled in.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTemplateMessage } from '../lib/template-messages';
import './template-frame.css';

interface TemplateFrameProps {
  src: string;
  onSubmitted: (fields: string[]) => void;
  onGesture: (gesture: 'pointer' | 'key' | 'touch') => void;
}

export function TemplateFrame({ src, onSubmitted, onGesture }: TemplateFrameProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own frame's document, and only the shapes our script posts.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = parseTemplateMessage(event.data);
      if (message?.hookwise === 'submitted') onSubmitted(message.fields);
      if (message?.hookwise === 'gesture') onGesture(message.gesture);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onSubmitted, onGesture]);

  return (
    <main className="template-page">
      <h1 className="visually-hidden">{t('journey.template')}</h1>
      <iframe
        ref={frame}
        className="template-frame"
        src={src}
        title={t('journey.templateFrameTitle')}
        sandbox="allow-scripts allow-forms"
        referrerPolicy="no-referrer"
      />
    </main>
  );
}
