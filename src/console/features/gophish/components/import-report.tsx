/** The import report: every item mapped, dropped or needing attention, each kind as a list. */
import { useT } from '@console/hooks/use-t';
import type { ImportReport } from '../api/gophish';

const KINDS = ['attention', 'dropped', 'mapped'] as const;

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useT();
  return (
    <div className="import-report">
      {KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`gophish-${kind}`}>
          <h3 id={`gophish-${kind}`}>
            {t(`gophish.${kind}`)} ({report[kind].length})
          </h3>
          {report[kind].length === 0 ? (
            <p className="muted">{t('gophish.nothing')}</p>
          ) : (
            <ul>
              {report[kind].map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
