/**
 * Launching: optional start and end as wall-clock times in a chosen zone (the browser's by
 * default), sent as UTC. Languages whose recipients lack text are listed before the operator
 * confirms.
 */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import type { CampaignSummary } from '@shared/admin-api';
import { LANGUAGES } from '@shared/languages';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { browserTimeZone, timeZones, zonedToUtcIso } from '@console/lib/zoned-time';
import { useCampaignLanguages, useLaunchCampaign } from '../api/campaigns';
import { isIncomplete } from './language-coverage-table';

interface LaunchDialogProps {
  campaign: CampaignSummary;
  onClose: () => void;
  onLaunched: (warnings: string[]) => void;
}

export function LaunchDialog({ campaign, onClose, onLaunched }: LaunchDialogProps) {
  const { t } = useT();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [zone, setZone] = useState(browserTimeZone);
  const [invalid, setInvalid] = useState<string>();
  const languages = useCampaignLanguages(campaign.id);
  const launch = useLaunchCampaign(campaign.id);
  const incomplete = languages.data?.languages.filter(isIncomplete) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = start ? zonedToUtcIso(start, zone) : null;
    const endsAt = end ? zonedToUtcIso(end, zone) : null;
    if (startsAt === undefined || endsAt === undefined) return setInvalid(t('launch.invalidDate'));
    if (endsAt && endsAt <= (startsAt ?? new Date().toISOString()))
      return setInvalid(t('launch.endBeforeStart'));
    setInvalid(undefined);
    launch.mutate(
      { starts_at: startsAt, ends_at: endsAt, time_zone: zone },
      {
        onSuccess: ({ warnings }) =>
          onLaunched(warnings.map((w) => t('launch.warning', { language: LANGUAGES[w.language].name }))),
      },
    );
  };

  return (
    <Dialog title={t('launch.title', { name: campaign.name })} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="form-row">
          <div className="field">
            <label htmlFor="launch-start">{t('launch.start')}</label>
            <input
              id="launch-start"
              type="datetime-local"
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
            <span className="field__hint">{t('launch.startHint')}</span>
          </div>
          <div className="field">
            <label htmlFor="launch-end">{t('launch.end')}</label>
            <input
              id="launch-end"
              type="datetime-local"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
            />
            <span className="field__hint">{t('launch.endHint')}</span>
          </div>
        </div>
        <div className="field">
          <label htmlFor="launch-zone">{t('launch.zone')}</label>
          <select id="launch-zone" value={zone} onChange={(e) => setZone(e.target.value)}>
            {timeZones().map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        {languages.isPending && <p role="status">{t('loading')}</p>}
        {incomplete.length > 0 && (
          <Notice tone="warning">
            <p>{t('launch.incomplete')}</p>
            <ul>
              {incomplete.map((row) => (
                <li key={row.language}>
                  {t('launch.incompleteLanguage', {
                    language: LANGUAGES[row.language].name,
                    recipients: row.recipients,
                    translated: row.translated,
                    total: row.total,
                  })}
                </li>
              ))}
            </ul>
          </Notice>
        )}
        {invalid && <Notice tone="error">{invalid}</Notice>}
        <ErrorAlert error={languages.error ?? launch.error} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={launch.isPending}>
            {t('launch.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
