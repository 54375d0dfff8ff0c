/**
 * Keeps a preview minted for the current draft and language: at once on first use, on a
 * language change or on refresh(); about a second after the last edit otherwise, so typing
 * does not mint a preview per keystroke.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Preview } from '@shared/admin-api';
import type { LanguageCode } from '@shared/languages';
import { mintPreview, type PreviewSource } from '../api/mint-preview';

interface PreviewOptions {
  source: PreviewSource;
  content: unknown;
  language: LanguageCode;
  delayMs?: number;
  enabled?: boolean;
}

interface PreviewState {
  preview?: Preview;
  error?: string;
  loading: boolean;
}

export function usePreview({ source, content, language, delayMs = 1000, enabled = true }: PreviewOptions) {
  const [state, setState] = useState<PreviewState>({ loading: false });
  const [nonce, setNonce] = useState(0);
  // The effect depends on the text, not the object: a new draft object with the same content
  // (a field typed and deleted again) does not mint again.
  const serialised = useMemo(() => (content === undefined ? undefined : JSON.stringify(content)), [content]);
  // By value: a new object naming the same campaign or scenario does not mint again.
  const campaignId = 'campaignId' in source ? source.campaignId : undefined;
  const scenarioId = 'scenarioId' in source ? source.scenarioId : undefined;
  const lastMinted = useRef<{ serialised: string | undefined; language: LanguageCode; nonce: number } | null>(
    null,
  );

  useEffect(() => {
    if (!enabled) return;
    const last = lastMinted.current;
    const onlyContentChanged = last !== null && last.language === language && last.nonce === nonce;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        lastMinted.current = { serialised, language, nonce };
        setState((current) => ({ ...current, loading: true }));
        const target: PreviewSource =
          scenarioId === undefined ? { campaignId: campaignId ?? '' } : { scenarioId };
        const draft: unknown = serialised === undefined ? undefined : JSON.parse(serialised);
        mintPreview(target, language, draft, controller.signal).then(
          (preview) => setState({ preview, loading: false }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const message = error instanceof Error ? error.message : String(error);
            setState((current) => ({ ...current, error: message, loading: false }));
          },
        );
      },
      onlyContentChanged ? delayMs : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [campaignId, scenarioId, serialised, language, nonce, delayMs, enabled]);

  return { ...state, refresh: () => setNonce((n) => n + 1) };
}
