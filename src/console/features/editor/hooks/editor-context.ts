/**
 * What every section of the editor reads: the draft, how to change it, its issues by field
 * path, and whether the signed-in person may change anything (a viewer may not).
 */
import { createContext, useContext } from 'react';
import type { CampaignFile } from '@shared/campaign';
import type { DraftChange } from './use-campaign-draft';
import type { IssueMap } from '../lib/issues';

export interface EditorContextValue {
  campaignId: string;
  draft: CampaignFile;
  update: (change: DraftChange) => void;
  /** The issues shown: of fields the operator has touched, or all once Save was pressed. */
  byPath: IssueMap;
  /** The operator has been at this field: its issues may show now. */
  touch: (path: string) => void;
  readOnly: boolean;
  /** The campaign as the server now holds it, saved by another way (importing a site). */
  markSaved: (file: CampaignFile) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor needs an EditorContext provider (CampaignEditor)');
  return value;
}
