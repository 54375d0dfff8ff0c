/**
 * On the People page: the smart groups (saved filters). Pick one to list who matches it today;
 * save a new one from the page's current department and the conditions chosen here; remove one.
 */
import { useId, useState, type FormEvent } from 'react';
import { LANGUAGE_CODES, LANGUAGES, type LanguageCode } from '@shared/languages';
import { RISK_BANDS, type RiskBand } from '@shared/people-risk';
import type { PersonFilter } from '@shared/person-history';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { usePersonT } from '@console/hooks/use-person-t';
import { useRemoveFilter, useSaveFilter, useSavedFilters } from '../api/person';

export function SmartGroups({
  chosen,
  onChoose,
  department,
  departments,
}: {
  chosen: string;
  onChoose: (id: string) => void;
  /** The People page's current department filter ('' for every department). */
  department: string;
  departments: string[];
}) {
  const { t } = usePersonT();
  const id = useId();
  const filters = useSavedFilters();
  const save = useSaveFilter();
  const remove = useRemoveFilter();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<LanguageCode | ''>('');
  const [band, setBand] = useState<RiskBand | ''>('');
  const [days, setDays] = useState('');
  const [neverReported, setNeverReported] = useState(false);
  const [groupDepartment, setGroupDepartment] = useState(department);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filter: PersonFilter = {
      ...(groupDepartment ? { department: groupDepartment } : {}),
      ...(language ? { language_code: language } : {}),
      ...(band ? { risk_band: band } : {}),
      ...(days ? { clicked_within_days: Number(days) } : {}),
      ...(neverReported ? { never_reported: true } : {}),
    };
    save.mutate({ name: name.trim(), filter }, { onSuccess: (saved) => onChoose(saved.id) });
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('filters.title')}</h2>
      <p className="field__hint">{t('filters.intro')}</p>
      <ErrorAlert error={filters.error ?? save.error ?? remove.error} />
      <div className="field">
        <label htmlFor={`${id}-pick`}>{t('filters.pick')}</label>
        <select id={`${id}-pick`} value={chosen} onChange={(e) => onChoose(e.target.value)}>
          <option value="">{t('filters.all')}</option>
          {filters.data?.filters.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
      {chosen && (
        <button
          type="button"
          className="button"
          onClick={() => remove.mutate(chosen, { onSuccess: () => onChoose('') })}
        >
          {t('filters.remove')}
        </button>
      )}
      <form className="smart-groups__form" aria-labelledby={`${id}-new`} onSubmit={submit}>
        <h3 id={`${id}-new`}>{t('filters.new')}</h3>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('filters.name')}</label>
          <input
            id={`${id}-name`}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-department`}>{t('filters.department')}</label>
          <select
            id={`${id}-department`}
            value={groupDepartment}
            onChange={(e) => setGroupDepartment(e.target.value)}
          >
            <option value="">{t('filters.anyDepartment')}</option>
            {departments.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('filters.language')}</label>
          <select
            id={`${id}-language`}
            value={language}
            onChange={(e) => setLanguage(e.target.value as LanguageCode | '')}
          >
            <option value="">{t('filters.anyLanguage')}</option>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGES[code].name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-band`}>{t('filters.band')}</label>
          <select id={`${id}-band`} value={band} onChange={(e) => setBand(e.target.value as RiskBand | '')}>
            <option value="">{t('filters.anyBand')}</option>
            {RISK_BANDS.map((b) => (
              <option key={b} value={b}>
                {t(`risk.band.${b}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('filters.clickedWithin')}</label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={730}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <label className="field">
          <span>
            <input
              type="checkbox"
              checked={neverReported}
              onChange={(e) => setNeverReported(e.target.checked)}
            />{' '}
            {t('filters.neverReported')}
          </span>
        </label>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('filters.save')}
        </button>
      </form>
      {save.data && <Notice tone="success">{t('filters.saved', { name: save.data.name })}</Notice>}
    </section>
  );
}
