/** An audit entry as a sentence in the console's language: names, never ids, codes or JSON. */
import { isAuditAction, type AuditEntry } from '@shared/audit';
import type { HomeT } from '@console/hooks/use-home-t';

const API_KEY = /^api key /;

export function actorLabel(t: HomeT, entry: Pick<AuditEntry, 'actor' | 'actor_kind' | 'actor_name'>): string {
  if (entry.actor_kind === 'api_key') return t('audit.apiKey', { prefix: entry.actor.replace(API_KEY, '') });
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
