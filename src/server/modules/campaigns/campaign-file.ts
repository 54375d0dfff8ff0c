/**
 * Reads a campaign file (JSON text) for import. Errors name the field path and, because the
 * operator edits the file by hand, the line of that field in the file.
 */
import type { z } from 'zod';
import { campaignFileSchema, type CampaignFile } from '@shared/campaign';
import { badRequest } from '@server/lib/errors';
import { lineOfJsonPath, lineOfJsonSyntaxError } from '@server/lib/json-lines';

export function parseCampaignFileText(text: string): CampaignFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const line = lineOfJsonSyntaxError(text);
    const reason = error instanceof Error ? error.message : 'not JSON';
    throw badRequest(`Invalid campaign file${line ? ` at line ${line}` : ''}: ${reason}`, 'invalid_campaign');
  }
  const parsed = campaignFileSchema.safeParse(json);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues, text), 'invalid_campaign');
  return parsed.data;
}

/** "Invalid campaign file: phishing.phishing_logo (line 12): Invalid URL; …" */
export function describeIssues(issues: readonly z.core.$ZodIssue[], text?: string): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : '(file)';
    const line = text === undefined ? undefined : lineOfJsonPath(text, issue.path);
    return `${field}${line ? ` (line ${line})` : ''}: ${issue.message}`;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `Invalid campaign file: ${parts.join('; ')}${more}`;
}
