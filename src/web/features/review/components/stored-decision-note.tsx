/** The decision stored for a URL (who, when), or that none is stored yet: what is already done. */
import { useT } from '@web/hooks/use-t';
import type { CurrentDecision } from '@shared/poll';
import { formatTime } from '../lib/locale-format';

export function StoredDecisionNote({ stored }: { stored: CurrentDecision | undefined }) {
  const { t, i18n } = useT();
  if (!stored) return <p className="review-stored review-stored--none">{t('poll.storedNone')}</p>;
  const decision = stored.decision === 'TP' ? t('poll.truePositive') : t('poll.falsePositive');
  const when = formatTime(stored.at, i18n.resolvedLanguage ?? i18n.language);
  return (
    <p className="review-stored">
      <span className="review-stored-decision">{t('poll.storedDecision', { decision })}</span>{' '}
      <span className="review-stored-meta">
        {stored.reviewer === null
          ? t('poll.storedAt', { when })
          : t('poll.storedBy', { reviewer: stored.reviewer, when })}
      </span>
    </p>
  );
}
