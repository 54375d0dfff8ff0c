/**
 * Keeps the email preview rendered for the current draft and language: at once on first use or
 * a language change, about a second after the last edit otherwise (not one request per keystroke).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LanguageCode } from '@shared/languages';
import type { EmailPreview } from '@shared/sending';
import { fetchEmailPreview } from '../api/email-preview-api';

interface EmailPreviewState {
  preview?: EmailPreview;
  error?: string;
  loading: boolean;
}

export function useEmailPreview(
  campaignId: string,
  content: unknown,
  language: LanguageCode,
  delayMs = 1000,
) {
  const [state, setState] = useState<EmailPreviewState>({ loading: false });
  const serialised = useMemo(() => JSON.stringify(content), [content]);
  const lastLanguage = useRef<LanguageCode | null>(null);

  useEffect(() => {
    const immediate = lastLanguage.current !== language;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        lastLanguage.current = language;
        setState((current) => ({ ...current, loading: true }));
        fetchEmailPreview(campaignId, language, JSON.parse(serialised), controller.signal).then(
          (preview) => setState({ preview, loading: false }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const message = error instanceof Error ? error.message : String(error);
            setState((current) => ({ ...current, error: message, loading: false }));
          },
        );
      },
      immediate ? 0 : delayMs,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [campaignId, serialised, language, delayMs]);

  return state;
}
