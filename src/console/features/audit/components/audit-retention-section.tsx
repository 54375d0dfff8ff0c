/**
 * "How long the log is kept": for ever (the default) or a period an owner picks; older entries
 * are removed hourly by the server, and each removal is itself an entry of the log.
 */
import { useId } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { useHomeT } from '@console/hooks/use-home-t';
import { useAuditRetention, useSaveAuditRetention } from '../api/audit';

/** The periods offered, in days, with their words; null keeps entries for ever. */
const PERIODS = [
  [null, 'retention.forever'],
  [90, 'retention.d90'],
  [180, 'retention.d180'],
  [365, 'retention.y1'],
  [730, 'retention.y2'],
  [1095, 'retention.y3'],
  [1825, 'retention.y5'],
  [2555, 'retention.y7'],
  [3650, 'retention.y10'],
] as const;

export function AuditRetentionSection() {
  const { t } = useHomeT();
  const id = useId();
  const retention = useAuditRetention();
  const save = useSaveAuditRetention();
  const days = retention.data;
  // A period set from the CLI or the API may be none of the offered ones: offer it as it is.
  const custom = days !== undefined && days !== null && !PERIODS.some(([d]) => d === days);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('retention.title')}</h2>
      <p id={`${id}-hint`}>{t('retention.intro')}</p>
      <ErrorAlert error={retention.error ?? save.error} />
      {days !== undefined && (
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('retention.label')}</label>
          <select
            id={`${id}-days`}
            aria-describedby={`${id}-hint`}
            value={days === null ? 'forever' : String(days)}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.value === 'forever' ? null : Number(e.target.value))}
          >
            {PERIODS.map(([d, key]) => (
              <option key={key} value={d === null ? 'forever' : String(d)}>
                {t(key)}
              </option>
            ))}
            {custom && <option value={String(days)}>{days}</option>}
          </select>
        </div>
      )}
      {save.isSuccess && <p role="status">{t('retention.saved')}</p>}
    </section>
  );
}
