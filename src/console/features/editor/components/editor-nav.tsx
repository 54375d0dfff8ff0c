/** The side navigation between the editor's sections, with each section's number of problems. */
import { useEditorT } from '@console/hooks/use-editor-t';
import type { FieldIssue } from '../lib/issues';
import { SECTIONS, sectionOf, type SectionId } from './sections-list';

interface EditorNavProps {
  current: SectionId;
  issues: readonly FieldIssue[];
  onSelect: (section: SectionId) => void;
}

export function EditorNav({ current, issues, onSelect }: EditorNavProps) {
  const { t } = useEditorT();
  return (
    <nav className="editor-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map((section) => {
          const problems = issues.filter((issue) => sectionOf(issue.path) === section).length;
          return (
            <li key={section}>
              <button
                type="button"
                className="editor-nav__item"
                aria-current={section === current ? 'true' : undefined}
                onClick={() => onSelect(section)}
              >
                {t(`section.${section}`)}
                {problems > 0 && (
                  <span className="editor-nav__problems">{t('nav.problems', { problems })}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
