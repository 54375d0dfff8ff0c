/**
 * The campaign being edited: the draft (changed only through `update`, immutably), the last
 * saved version it is compared with, and the draft's schema issues.
 */
import { useCallback, useMemo, useState } from 'react';
import type { CampaignFile } from '@shared/campaign';
import { validateDraft } from '../lib/issues';

export type DraftChange = (file: CampaignFile) => CampaignFile;

export function useCampaignDraft(initial: CampaignFile) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const update = useCallback((change: DraftChange) => setDraft((current) => change(current)), []);
  const markSaved = useCallback((file: CampaignFile) => setSaved(file), []);
  // Structural, not by reference: typing a text and deleting it again leaves nothing to save.
  const dirty = useMemo(
    () => draft !== saved && JSON.stringify(draft) !== JSON.stringify(saved),
    [draft, saved],
  );
  const validation = useMemo(() => validateDraft(draft), [draft]);
  return { draft, update, dirty, markSaved, ...validation };
}
