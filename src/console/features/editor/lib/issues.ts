/**
 * The draft checked with the same schema the server imports with, its issues keyed by field
 * path so each field can show its own, in the operator's words (issue-messages.ts), and the ids
 * that link a field, its error and the summary.
 */
import type { EditorT } from '@console/hooks/use-editor-t';
import { campaignFileSchema, type CampaignFile } from '@shared/campaign';
import { describeIssue, fieldName } from './issue-messages';

export interface FieldIssue {
  path: string;
  /** The field in words, e.g. "Red flag 1 – Title". */
  field: string;
  /** What is wrong, naming the field: "Red flag 1 – Title: this is empty." */
  message: string;
}

export type IssueMap = ReadonlyMap<string, FieldIssue[]>;

export const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** The id of the control for a field path; the summary links to it. */
export const fieldId = (path: string): string => `field-${path.replace(/[^a-z0-9_-]/gi, '-')}`;
export const errorId = (path: string): string => `${fieldId(path)}-error`;

export function validateDraft(draft: CampaignFile, t: EditorT): FieldIssue[] {
  const result = campaignFileSchema.safeParse(draft);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: pathKey(issue.path),
    field: fieldName(issue.path, t),
    message: describeIssue(issue, t),
  }));
}

export function byPathOf(issues: readonly FieldIssue[]): IssueMap {
  const byPath = new Map<string, FieldIssue[]>();
  for (const issue of issues) byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue]);
  return byPath;
}
