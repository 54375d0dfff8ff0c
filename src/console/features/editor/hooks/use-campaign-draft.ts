/**
 * The campaign being edited: the draft (changed only through `update`, immutably), the last
 * saved version it is compared with, and the draft's schema issues. An issue is shown once the
 * operator has touched its field (left it, or changed a choice) or has pressed Save: ticking
 * "has an email" or adding a red flag must not turn the form red before anything is typed.
 */
import { useCallback, useMemo, useState } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import type { CampaignFile } from '@shared/campaign';
import { byPathOf, validateDraft } from '../lib/issues';

export type DraftChange = (file: CampaignFile) => CampaignFile;

export function useCampaignDraft(initial: CampaignFile) {
  const { t } = useEditorT();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [revealed, setRevealed] = useState(false);
  const update = useCallback((change: DraftChange) => setDraft((current) => change(current)), []);
  const markSaved = useCallback((file: CampaignFile) => setSaved(file), []);
  const touch = useCallback(
    (path: string) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
    [],
  );
  const revealAll = useCallback(() => setRevealed(true), []);
  // Structural, not by reference: typing a text and deleting it again leaves nothing to save.
  const dirty = useMemo(
    () => draft !== saved && JSON.stringify(draft) !== JSON.stringify(saved),
    [draft, saved],
  );
  const issues = useMemo(() => validateDraft(draft, t), [draft, t]);
  const shown = useMemo(
    () => (revealed ? issues : issues.filter((issue) => touched.has(issue.path))),
    [issues, revealed, touched],
  );
  const byPath = useMemo(() => byPathOf(shown), [shown]);
  return { draft, update, dirty, markSaved, issues, shown, byPath, touch, revealAll };
}
