/**
 * Campaign data, loaded once per rid and shared by every page of the journey (/phish and
 * /campaign alike). A module-level store: navigating between steps never refetches.
 */
import { useSyncExternalStore } from 'react';
import type { CampaignData } from '../../../../shared/campaign';
import type { Progress } from '../../../../shared/journey';

export type CampaignEntry =
  { state: 'loading' } | { state: 'ready'; data: CampaignData } | { state: 'error' };

const LOADING: CampaignEntry = { state: 'loading' };
const ERROR: CampaignEntry = { state: 'error' };

const entries = new Map<string, CampaignEntry>();
const listeners = new Set<() => void>();

function set(rid: string, entry: CampaignEntry): void {
  entries.set(rid, entry);
  for (const listener of listeners) listener();
}

async function fetchCampaign(rid: string): Promise<CampaignData> {
  const res = await fetch(`/api/campaign/${encodeURIComponent(rid)}`, {
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`campaign data: HTTP ${res.status}`);
  // Our own server shaped this with campaignDataSchema (its response serializer); parsing it
  // again here would put the whole schema library into the recipient's first load.
  const data = (await res.json()) as CampaignData;
  if (typeof data?.rid !== 'string' || !Array.isArray(data.navigation))
    throw new Error('campaign data: bad shape');
  return data;
}

/** Starts loading a rid's data unless it is loaded or loading already. */
export function loadCampaign(rid: string): void {
  if (entries.has(rid)) return;
  entries.set(rid, LOADING);
  fetchCampaign(rid).then(
    (data) => set(rid, { state: 'ready', data }),
    () => set(rid, ERROR),
  );
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
  if (rid) loadCampaign(rid);
  return useSyncExternalStore(subscribe, () => (rid ? (entries.get(rid) ?? LOADING) : ERROR));
}
