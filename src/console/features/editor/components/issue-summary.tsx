/**
 * Every schema issue of the draft in one list, each a link to its field: the link opens the
 * field's section, then moves focus to the field.
 */
import type { Ref } from 'react';
import { useEditorT } from '@console/hooks/use-editor-t';
import { fieldId, type FieldIssue } from '../lib/issues';
import { sectionOf, type SectionId } from './sections-list';

interface IssueSummaryProps {
  issues: readonly FieldIssue[];
  onOpen: (section: SectionId, id: string) => void;
  ref?: Ref<HTMLDivElement>;
}

export function IssueSummary({ issues, onOpen, ref }: IssueSummaryProps) {
  const { t } = useEditorT();
  if (issues.length === 0) return null;
  return (
    <div ref={ref} className="issue-summary" tabIndex={-1} aria-labelledby="issue-summary-title">
      <h2 id="issue-summary-title" className="issue-summary__title">
        {t('issues.title', { problems: issues.length })}
      </h2>
      <ul>
        {issues.map((issue, i) => (
          <li key={`${issue.path}-${i}`}>
            <a
              href={`#${fieldId(issue.path)}`}
              onClick={(event) => {
                event.preventDefault();
                onOpen(sectionOf(issue.path), fieldId(issue.path));
              }}
            >
              {issue.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
