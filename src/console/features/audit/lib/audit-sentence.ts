/** An audit entry as a sentence in the console's language: names, never ids, codes or JSON. */
import { isAuditAction, type AuditEntry } from '@shared/audit';
import type { HomeT } from '@console/hooks/use-home-t';

export function actorLabel(t: HomeT, entry: Pick<AuditEntry, 'actor' | 'actor_kind' | 'actor_name'>): string {
  if (entry.actor_kind === 'api_key')
    return t('audit.apiKey', { prefix: entry.actor.slice('api key '.length) });
  if (entry.actor_kind === 'cli') return t('audit.cli', { user: entry.actor.slice('cli:'.length) });
  if (entry.actor_kind === 'system') return t('audit.system');
  if (entry.actor_kind === 'scim')
    return t('audit.scim', { prefix: entry.actor.slice('scim token '.length) });
  return entry.actor_name ?? entry.actor;
}

export function auditSentence(t: HomeT, entry: AuditEntry): string {
  const values = {
    actor: actorLabel(t, entry),
    target: entry.target_name ?? t('audit.removed'),
    campaign: entry.campaign_name ?? t('audit.removed'),
  };
  return isAuditAction(entry.action)
    ? t(`audit.action.${entry.action}`, values)
    : t('audit.action.other', values);
}
