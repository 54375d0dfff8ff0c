/**
 * On a campaign's recipients page: add recipients from people — everyone active, a group or a
 * department — each with a personal link in their own language, as a CSV of them would.
 * Deactivated people and those already recipients are left out, and the answer says how many.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Audience } from '@shared/people';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { usePeopleT } from '@console/hooks/use-people-t';
import { formatNumber } from '@console/lib/format';
import { useAddFromPeople, usePeopleFacets } from '../api/people';

type Kind = Audience['kind'];

export function AddFromPeople({ campaignId }: { campaignId: string }) {
  const { t } = usePeopleT();
  const id = useId();
  const facets = usePeopleFacets();
  const add = useAddFromPeople(campaignId);
  const [kind, setKind] = useState<Kind>('all');
  const [group, setGroup] = useState('');
  const [department, setDepartment] = useState('');
  const data = facets.data;

  const audience: Audience | undefined =
    kind === 'all'
      ? { kind }
      : kind === 'group'
        ? group
          ? { kind, group_id: group }
          : undefined
        : department
          ? { kind, department }
          : undefined;
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
          </fieldset>
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
