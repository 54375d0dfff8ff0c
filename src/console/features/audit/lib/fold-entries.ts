/**
 * Repeated previews folded into one row: the same person previewing the same campaign again and
 * again (each change in the editor re-renders it) says nothing new after the first time.
 */
import type { AuditEntry } from '@shared/audit';

export interface FoldedEntry {
  entry: AuditEntry;
  /** How many entries in a row this row stands for (1: itself only). */
  count: number;
}

const sameRun = (a: AuditEntry, b: AuditEntry) =>
  a.kind === 'preview' && a.action === b.action && a.actor === b.actor && a.target === b.target;

export function foldEntries(entries: readonly AuditEntry[]): FoldedEntry[] {
  const rows: FoldedEntry[] = [];
  for (const entry of entries) {
    const last = rows.at(-1);
    if (last && sameRun(last.entry, entry)) last.count += 1;
    else rows.push({ entry, count: 1 });
  }
  return rows;
}
