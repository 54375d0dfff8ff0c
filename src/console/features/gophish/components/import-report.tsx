/**
 * The import report: every item mapped, dropped or needing attention, each kind as a list. What
 * needs attention comes first. Every entry is worded here, in the operator's language, from its
 * code, where it is (the kind of GoPhish item and its name) and its params: the server's English
 * sentences are for the CLI and API callers.
 */
import { useSiteImportT } from '@console/hooks/use-site-import-t';
import { useT } from '@console/hooks/use-t';
import { ASSET_PROBLEMS } from '@shared/page-assets';
import { SMTP_TLS } from '@shared/sending';
import type { GophishItem } from '@shared/gophish-import';
import type { ImportReport } from '../api/gophish';

const KINDS = ['attention', 'dropped', 'mapped'] as const;

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  values.some((known) => known === value);

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t, i18n } = useT();
  const { t: siteT } = useSiteImportT();
  // In a right-to-left sentence a name, an address or a file keeps its own direction.
  const own = (value: string | number) =>
    i18n.dir() === 'rtl' ? `\u2068${String(value)}\u2069` : String(value);
  const worded = (item: GophishItem) => {
    const { tls, problem } = item.params;
    const params = {
      ...Object.fromEntries(Object.entries(item.params).map(([key, value]) => [key, own(value)])),
      ...(oneOf(SMTP_TLS, tls) && { tls: t(`profiles.tls.${tls}`) }),
      ...(oneOf(ASSET_PROBLEMS, problem) && { problem: siteT(`problem.${problem}`) }),
    };
    return t('gophish.itemLine', {
      where: t(`gophish.where.${item.place}`, { name: own(item.name) }),
      what: t(`gophish.item.${item.code}`, params),
    });
  };
  const items = (kind: (typeof KINDS)[number]) => {
    const entries = report.items.filter((item) => item.list === kind).map(worded);
    return kind === 'attention'
      ? [...report.notices.map((n) => t(`gophish.notice.${n.code}`, { name: n.name })), ...entries]
      : entries;
  };
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
