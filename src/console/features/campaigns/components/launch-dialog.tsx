/**
 * Launching, in one step: optional start and end as wall-clock times in a chosen zone (the
 * browser's by default), sent as UTC; how the e-mail goes out (a sending profile and its pace, or
 * the operator sends the links), with what will happen and "send me this e-mail" first. Languages
 * whose recipients lack text are listed before the operator confirms. The launch starts sending.
 */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import type { CampaignSummary } from '@shared/admin-api';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { formatNumber } from '@console/lib/format';
import { browserTimeZone, timeZones, zonedToUtcIso } from '@console/lib/zoned-time';
import { useSendingProfiles } from '@console/features/sending/api/sending';
import { LaunchSending } from '@console/features/sending/components/launch-sending';
import { DEFAULT_CHOICE, LINKS_MYSELF, planOf } from '@console/features/sending/lib/launch-plan';
import { useCampaign, useCampaignLanguages, useLaunchCampaign } from '../api/campaigns';
import { isIncomplete } from './language-coverage-table';

interface LaunchDialogProps {
  campaign: CampaignSummary;
  onClose: () => void;
  onLaunched: (warnings: string[], sending: boolean) => void;
}

export function LaunchDialog({ campaign, onClose, onLaunched }: LaunchDialogProps) {
  const { t } = useT();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [zone, setZone] = useState(browserTimeZone);
  const [invalid, setInvalid] = useState<string>();
  const languages = useCampaignLanguages(campaign.id);
  const detail = useCampaign(campaign.id);
  const launch = useLaunchCampaign(campaign.id);
  const profiles = useSendingProfiles();
  const [choice, setChoice] = useState(DEFAULT_CHOICE);
  const incomplete = languages.data?.languages.filter(isIncomplete) ?? [];
  const profileId = choice.profileId || profiles.data?.[0]?.id || (profiles.data ? LINKS_MYSELF : '');
  const startIso = start ? (zonedToUtcIso(start, zone) ?? null) : null;
  // "Send me this e-mail" in any language the campaign has text for, or its recipients speak.
  const contentLanguages = [
    ...new Set<LanguageCode>([
      campaign.language_code,
      ...(Object.keys(detail.data?.file.translations ?? {}) as LanguageCode[]),
      ...(languages.data?.languages.map((l) => l.language) ?? []),
    ]),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = start ? zonedToUtcIso(start, zone) : null;
    const endsAt = end ? zonedToUtcIso(end, zone) : null;
    if (startsAt === undefined || endsAt === undefined) return setInvalid(t('launch.invalidDate'));
    if (endsAt && endsAt <= (startsAt ?? new Date().toISOString()))
      return setInvalid(t('launch.endBeforeStart'));
    setInvalid(undefined);
    const sending = planOf(choice, profileId, zone);
    launch.mutate(
      { starts_at: startsAt, ends_at: endsAt, time_zone: zone, sending },
      {
        onSuccess: (answer) =>
          onLaunched(
            // A plain string for the page's notice: Unicode's isolates do what <bdi> does.
            answer.warnings.map((w) =>
              t('launch.warning', { language: `\u2068${LANGUAGES[w.language].name}\u2069` }),
            ),
            answer.sending !== null,
          ),
      },
    );
  };

  return (
    <Dialog title={t('launch.title', { name: campaign.name })} onClose={onClose}>
      <form onSubmit={submit}>
        <fieldset className="launch__group">
          <legend>{t('launch.when')}</legend>
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
        </fieldset>
        {profiles.data && profileId && (
          <LaunchSending
            campaignId={campaign.id}
            profiles={profiles.data}
            profileId={profileId}
            choice={choice}
            onChange={setChoice}
            startsAt={startIso}
            timeZone={zone}
            languages={contentLanguages}
          />
        )}
        {(languages.isPending || profiles.isPending) && <p role="status">{t('loading')}</p>}
        {incomplete.length > 0 && (
          <Notice tone="warning">
            <p>{t('launch.incomplete')}</p>
            <ul>
              {incomplete.map((row) => (
                <li key={row.language}>
                  <Isolated
                    template={t('launch.incompleteLanguage', { skipInterpolation: true })}
                    values={{
                      language: LANGUAGES[row.language].name,
                      recipients: formatNumber(row.recipients),
                      translated: formatNumber(row.translated),
                      total: formatNumber(row.total),
                    }}
                  />
                </li>
              ))}
            </ul>
          </Notice>
        )}
        {invalid && <Notice tone="error">{invalid}</Notice>}
        <ErrorAlert error={languages.error ?? profiles.error ?? launch.error} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={launch.isPending || !profileId}>
            {profileId === LINKS_MYSELF ? t('launch.confirm') : t('launch.confirmSend')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A translated sentence with each {{value}} in its own <bdi>: a language's name or a number keeps
 * its place in right-to-left text instead of taking the punctuation next to it along.
 */
function Isolated({ template, values }: { template: string; values: Record<string, string> }) {
  const parts = template.split(/\{\{\s*(\w+)\s*\}\}/);
  return <>{parts.map((part, i) => (i % 2 === 0 ? part : <bdi key={i}>{values[part] ?? ''}</bdi>))}</>;
}
