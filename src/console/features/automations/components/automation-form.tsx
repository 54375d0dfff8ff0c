/** The form that creates an automation: name, audience, sending profile, starting level, working hours, time zone. */
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useAutomationsT } from '@console/hooks/use-automations-t';
import { useAutomationChoices, useCreateAutomation } from '../api/automations';
import { audienceOf } from '../lib/audience-words';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function AutomationForm() {
  const { t } = useAutomationsT();
  const id = useId();
  const { profiles, facets, filters } = useAutomationChoices();
  const create = useCreateAutomation();
  const [name, setName] = useState('');
  const [audience, setAudience] = useState('all');
  const [profile, setProfile] = useState('');
  const [level, setLevel] = useState(2);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('17:00');
  const [zone, setZone] = useState(browserZone);
  const choices = profiles.data?.profiles ?? [];
  const profileId = profile || choices[0]?.id || '';

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        audience: audienceOf(audience),
        profile_id: profileId,
        starting_level: level,
        working_hours: { start, end },
        time_zone: zone.trim(),
      },
      { onSuccess: () => setName('') },
    );
  }

  return (
    <form className="panel automations__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('form.title')}</h2>
      {profiles.data && choices.length === 0 && <Notice tone="warning">{t('form.noProfile')}</Notice>}
      <div className="automations__fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('form.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            required
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-audience`}>{t('form.audience')}</label>
          <select id={`${id}-audience`} value={audience} onChange={(e) => setAudience(e.target.value)}>
            <option value="all">{t('audience.all')}</option>
            {(facets.data?.departments.length ?? 0) > 0 && (
              <optgroup label={t('form.departments')}>
                {facets.data?.departments.map((d) => (
                  <option key={d.name} value={`department:${d.name}`}>
                    {d.name}
                  </option>
                ))}
              </optgroup>
            )}
            {(facets.data?.groups.length ?? 0) > 0 && (
              <optgroup label={t('form.groups')}>
                {facets.data?.groups.map((g) => (
                  <option key={g.id} value={`group:${g.id}`}>
                    {g.name}
                  </option>
                ))}
              </optgroup>
            )}
            {(filters.data?.filters.length ?? 0) > 0 && (
              <optgroup label={t('form.filters')}>
                {filters.data?.filters.map((f) => (
                  <option key={f.id} value={`filter:${f.id}`}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-profile`}>{t('form.profile')}</label>
          <select
            id={`${id}-profile`}
            value={profileId}
            required
            onChange={(e) => setProfile(e.target.value)}
          >
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-level`}>{t('form.level')}</label>
          <select
            id={`${id}-level`}
            value={level}
            aria-describedby={`${id}-level-hint`}
            onChange={(e) => setLevel(Number(e.target.value))}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span id={`${id}-level-hint`} className="field__hint">
            {t('form.levelHint')}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('form.start')}</label>
          <input
            id={`${id}-start`}
            type="time"
            value={start}
            required
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>{t('form.end')}</label>
          <input id={`${id}-end`} type="time" value={end} required onChange={(e) => setEnd(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-zone`}>{t('form.timeZone')}</label>
          <input
            id={`${id}-zone`}
            value={zone}
            required
            dir="ltr"
            aria-describedby={`${id}-zone-hint`}
            onChange={(e) => setZone(e.target.value)}
          />
          <span id={`${id}-zone-hint`} className="field__hint">
            {t('form.timeZoneHint')}
          </span>
        </div>
      </div>
      <ErrorAlert error={create.error} />
      {create.isSuccess && <Notice tone="success">{t('form.created')}</Notice>}
      <button type="submit" className="button button--primary" disabled={create.isPending || !profileId}>
        {t('form.create')}
      </button>
    </form>
  );
}
