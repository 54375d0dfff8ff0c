/**
 * On a campaign's recipients page: add recipients from people — everyone active, a group, a
 * department or a smart group (a saved filter) — each with a personal link in their own language, as a CSV of them would.
 * Deactivated people and those already recipients are left out, and the answer says how many.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Audience } from '@shared/people';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { usePeopleT } from '@console/hooks/use-people-t';
import { usePersonT } from '@console/hooks/use-person-t';
import { formatNumber } from '@console/lib/format';
import { useAddFromPeople, usePeopleFacets } from '../api/people';
import { useSavedFilters } from '../api/person';

type Kind = Audience['kind'];

function audienceOf(kind: Kind, chosen: { group: string; department: string; filter: string }) {
  if (kind === 'all') return { kind } satisfies Audience;
  if (kind === 'group')
    return chosen.group ? ({ kind, group_id: chosen.group } satisfies Audience) : undefined;
  if (kind === 'filter')
    return chosen.filter ? ({ kind, filter_id: chosen.filter } satisfies Audience) : undefined;
  return chosen.department ? ({ kind, department: chosen.department } satisfies Audience) : undefined;
}

export function AddFromPeople({ campaignId }: { campaignId: string }) {
  const { t } = usePeopleT();
  const { t: tp } = usePersonT();
  const id = useId();
  const facets = usePeopleFacets();
  const filters = useSavedFilters();
  const [filter, setFilter] = useState('');
  const add = useAddFromPeople(campaignId);
  const [kind, setKind] = useState<Kind>('all');
  const [group, setGroup] = useState('');
  const [department, setDepartment] = useState('');
  const data = facets.data;

  const audience = audienceOf(kind, { group, department, filter });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (audience) add.mutate(audience);
  };
  const choice = (value: Kind, label: string) => (
    <label>
      <input
        type="radio"
        name={`${id}-kind`}
        value={value}
        checked={kind === value}
        onChange={() => setKind(value)}
      />{' '}
      {label}
    </label>
  );

  return (
    <form className="panel" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>{t('audience.title')}</h2>
      <p className="field__hint">{t('audience.intro')}</p>
      <ErrorAlert error={facets.error ?? add.error} />
      {data && data.active_people === 0 && <p>{t('audience.noPeople')}</p>}
      {data && data.active_people > 0 && (
        <>
          <fieldset className="audience__choice">
            <legend>{t('audience.who')}</legend>
            {choice('all', t('audience.all', { number: formatNumber(data.active_people) }))}
            {data.groups.length > 0 && choice('group', t('audience.group'))}
            {data.departments.length > 0 && choice('department', t('audience.department'))}
            {(filters.data?.filters.length ?? 0) > 0 && choice('filter', tp('audience.filter'))}
          </fieldset>
          {kind === 'filter' && (
            <div className="field">
              <label htmlFor={`${id}-filter`}>{tp('audience.chooseFilter')}</label>
              <select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)}>
                <option value="">{t('audience.choose')}</option>
                {filters.data?.filters.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'group' && (
            <div className="field">
              <label htmlFor={`${id}-group`}>{t('people.group')}</label>
              <select id={`${id}-group`} value={group} onChange={(e) => setGroup(e.target.value)}>
                <option value="">{t('audience.choose')}</option>
                {data.groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {t('audience.option', { name: g.name, number: formatNumber(g.active_members) })}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'department' && (
            <div className="field">
              <label htmlFor={`${id}-department`}>{t('people.department')}</label>
              <select
                id={`${id}-department`}
                value={department}
                onChange={(e) => setDepartment(e.target.value)}
              >
                <option value="">{t('audience.choose')}</option>
                {data.departments.map((d) => (
                  <option key={d.name} value={d.name}>
                    {t('audience.option', { name: d.name, number: formatNumber(d.active_people) })}
                  </option>
                ))}
              </select>
            </div>
          )}
          {add.data && (
            <Notice tone="success">
              {t('audience.done', {
                added: formatNumber(add.data.added),
                already: formatNumber(add.data.already_recipients),
              })}
            </Notice>
          )}
          <button type="submit" className="button button--primary" disabled={!audience || add.isPending}>
            {add.isPending ? t('audience.pending') : t('audience.submit')}
          </button>
        </>
      )}
    </form>
  );
}
