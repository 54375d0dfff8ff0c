/** Who, what kind and when: the audit log's filters, applied on the server as they change. */
import { AUDIT_KINDS, auditActorKind, type AuditKind } from '@shared/audit';
import { useHomeT } from '@console/hooks/use-home-t';
import { actorLabel } from '../lib/audit-sentence';
import { useAuditActors } from '../api/audit';
import type { AuditFilters as Filters } from '../lib/audit-filters';

const isKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

export function AuditFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useHomeT();
  const actors = useAuditActors().data ?? [];
  const set = (change: Partial<Filters>) => onChange({ ...value, ...change });
  return (
    <fieldset className="audit-filters">
      <legend>{t('audit.filters')}</legend>
      <label>
        {t('audit.who')}
        <select value={value.actor} onChange={(e) => set({ actor: e.target.value })}>
          <option value="">{t('audit.anyone')}</option>
          {actors.map(({ actor, name }) => (
            <option key={actor} value={actor}>
              {name
                ? `${name} (${actor})`
                : actorLabel(t, {
                    actor,
                    actor_kind: auditActorKind(actor),
                    actor_name: null,
                  })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('audit.kind')}
        <select
          value={value.kind}
          onChange={(e) => set({ kind: isKind(e.target.value) ? e.target.value : '' })}
        >
          <option value="">{t('audit.anything')}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`audit.kind.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('audit.from')}
        <input
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </label>
      <label>
        {t('audit.to')}
        <input
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </label>
      <label className="audit-filters__check">
        <input
          type="checkbox"
          checked={value.previews}
          onChange={(e) => set({ previews: e.target.checked })}
        />
        {t('audit.previews')}
      </label>
    </fieldset>
  );
}
