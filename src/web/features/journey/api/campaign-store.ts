/**
 * Campaign data, loaded once per rid and shared by every page of the journey (/phish and
 * /campaign alike). A module-level store: navigating between steps never refetches. A failure
 * that may pass (no answer, 5xx, 429) is retried a few times, and is not kept once the page that
 * saw it is gone, so a later visit tries again; a 404 (bad rid) is kept.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { CampaignData } from '@shared/campaign';
import type { Progress } from '@shared/journey';
import { ApiError } from '@shared/api-client';
import { api } from '@web/lib/api-client';
import { parseCampaignData } from './response-guards';

export type CampaignEntry =
  { state: 'loading' } | { state: 'ready'; data: CampaignData } | { state: 'error' };

/** Waits before the second and third attempts. */
export const RETRY_DELAYS_MS = [300, 1000] as const;

const LOADING: CampaignEntry = { state: 'loading' };
const ERROR: CampaignEntry = { state: 'error' };

const entries = new Map<string, CampaignEntry>();
/** Rids whose last load failed for a reason that may pass. */
const failedForNow = new Set<string>();
const listeners = new Set<() => void>();

function set(rid: string, entry: CampaignEntry): void {
  entries.set(rid, entry);
  for (const listener of listeners) listener();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchCampaign(rid: string): Promise<CampaignData> {
  const path = `/api/campaign/${encodeURIComponent(rid)}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await api(path, { schema: { parse: parseCampaignData } });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!(error instanceof ApiError && error.transient) || delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/** Starts loading a rid's data unless it is loaded, loading or known to be missing. */
export function loadCampaign(rid: string): void {
  if (entries.has(rid)) return;
  entries.set(rid, LOADING);
  fetchCampaign(rid).then(
    (data) => set(rid, { state: 'ready', data }),
    (error: unknown) => {
      if (error instanceof ApiError && error.transient) failedForNow.add(rid);
      set(rid, ERROR);
    },
  );
}

/** Forgets a failure that may pass, so the next page to ask loads the rid again. */
function forgetPassingFailure(rid: string): void {
  if (failedForNow.delete(rid)) entries.delete(rid);
}

/** Events answer with the recipient's progress; keeping it here lets later pages show it. */
export function updateProgress(rid: string, progress: Progress): void {
  const entry = entries.get(rid);
  if (entry?.state === 'ready') set(rid, { state: 'ready', data: { ...entry.data, progress } });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entry for a rid; a missing rid is an error straight away. */
export function useCampaign(rid: string | null): CampaignEntry {
  const entry = useSyncExternalStore(subscribe, () => (rid ? (entries.get(rid) ?? LOADING) : ERROR));
  // Loading starts after the render, never during it. Once the page that showed the error is gone
  // (it sends the recipient to campaign-error), a passing failure is forgotten: coming back loads
  // again instead of failing from the cache.
  useEffect(() => {
    if (!rid) return;
    loadCampaign(rid);
    return () => forgetPassingFailure(rid);
  }, [rid]);
  return entry;
}
