/**
 * The draft checked with the same schema the server imports with, its issues keyed by field
 * path so each field can show its own, and the ids that link a field, its error and the summary.
 */
import { campaignFileSchema, type CampaignFile } from '@shared/campaign';

export interface FieldIssue {
  path: string;
  message: string;
}

export type IssueMap = ReadonlyMap<string, FieldIssue[]>;

export const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** The id of the control for a field path; the summary links to it. */
export const fieldId = (path: string): string => `field-${path.replace(/[^a-z0-9_-]/gi, '-')}`;
export const errorId = (path: string): string => `${fieldId(path)}-error`;

export function validateDraft(draft: CampaignFile): { issues: FieldIssue[]; byPath: IssueMap } {
  const result = campaignFileSchema.safeParse(draft);
  if (result.success) return { issues: [], byPath: new Map() };
  const issues = result.error.issues.map((issue) => ({ path: pathKey(issue.path), message: issue.message }));
  const byPath = new Map<string, FieldIssue[]>();
  for (const issue of issues) byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue]);
  return { issues, byPath };
}
