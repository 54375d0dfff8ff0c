/**
 * The import report: every item mapped, dropped or needing attention, each kind as a list. What
 * needs attention comes first, its notices in the operator's language.
 */
import { useT } from '@console/hooks/use-t';
import type { ImportReport } from '../api/gophish';

const KINDS = ['attention', 'dropped', 'mapped'] as const;

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useT();
  const items = (kind: (typeof KINDS)[number]) =>
    kind === 'attention'
      ? [...report.notices.map((n) => t(`gophish.notice.${n.code}`, { name: n.name })), ...report.attention]
      : report[kind];
  return (
    <div className="import-report">
      {KINDS.map((kind) => {
        const list = items(kind);
        return (
          <section key={kind} aria-labelledby={`gophish-${kind}`}>
            <h3 id={`gophish-${kind}`}>
              {t(`gophish.${kind}`)} ({list.length})
            </h3>
            {list.length === 0 ? (
              <p className="muted">{t('gophish.nothing')}</p>
            ) : (
              <ul>
                {list.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
