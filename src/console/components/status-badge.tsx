/** A campaign's status as a word with a shape and colour: never colour alone. */
import { useT } from '@console/hooks/use-t';
import type { CampaignStatus } from '@shared/admin-api';
import './status-badge.css';

const SYMBOL: Record<CampaignStatus, string> = { draft: '✎', scheduled: '◷', running: '●', ended: '■' };

export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useT();
  return (
    <span className={`status-badge status-badge--${status}`}>
      <span aria-hidden="true">{SYMBOL[status]}</span> {t(`status.${status}`)}
    </span>
  );
}
