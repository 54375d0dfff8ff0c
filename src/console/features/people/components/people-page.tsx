/**
 * /people: everyone the organisation's campaigns and directory brought, once each: searched,
 * filtered by group, department, state or a smart group, counted, and paged; each person opens
 * their own page, and the lists (repeat offenders, never reported, top reporters) are a link away.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PERSON_STATES, type PersonState } from '@shared/people';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { usePeopleT } from '@console/hooks/use-people-t';
import { usePersonT } from '@console/hooks/use-person-t';
import { formatNumber } from '@console/lib/format';
import { PEOPLE_PAGE_SIZE, usePeople, usePeopleFacets } from '../api/people';
import { PeopleTable } from './people-table';
import { SmartGroups } from './smart-groups';
import './people.css';

export function PeoplePage() {
  const { t } = usePeopleT();
  const { t: tp } = usePersonT();
  const id = useId();
  const [smartGroup, setSmartGroup] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [group, setGroup] = useState('');
  const [department, setDepartment] = useState('');
  const [state, setState] = useState<PersonState>('all');
  const [offset, setOffset] = useState(0);
  const facets = usePeopleFacets();
  const people = usePeople({
    q,
    group: group || undefined,
    department: department || undefined,
    state,
    filter: smartGroup || undefined,
    offset,
    limit: PEOPLE_PAGE_SIZE,
  });
  const page = people.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setOffset(0);
  };
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOffset(0);
    };
  const range = page
    ? t('people.range', {
        from: formatNumber(page.total === 0 ? 0 : page.offset + 1),
        to: formatNumber(page.offset + page.items.length),
        total: formatNumber(page.total),
      })
    : '';

  return (
    <>
      <PageHeading>{t('people.title')}</PageHeading>
      <p className="muted">{t('people.intro')}</p>
      <p>
        <Link to="/people/lists">{tp('lists.open')}</Link>
      </p>
      <SmartGroups
        key={department}
        chosen={smartGroup}
        onChoose={filter(setSmartGroup)}
        department={department}
        departments={facets.data?.departments.map((d) => d.name) ?? []}
      />
      <section className="panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{t('people.listTitle')}</h2>
        <form role="search" className="people__filters" onSubmit={search}>
          <div className="field">
            <label htmlFor={`${id}-q`}>{t('people.search')}</label>
            <div className="people__search">
              <input id={`${id}-q`} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
              <button type="submit" className="button">
                {t('people.searchButton')}
              </button>
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-group`}>{t('people.group')}</label>
            <select id={`${id}-group`} value={group} onChange={(e) => filter(setGroup)(e.target.value)}>
              <option value="">{t('people.anyGroup')}</option>
              {facets.data?.groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-department`}>{t('people.department')}</label>
            <select
              id={`${id}-department`}
              value={department}
              onChange={(e) => filter(setDepartment)(e.target.value)}
            >
              <option value="">{t('people.anyDepartment')}</option>
              {facets.data?.departments.map((d) => (
                <option key={d.name} value={d.name}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-state`}>{t('people.state')}</label>
            <select
              id={`${id}-state`}
              value={state}
              onChange={(e) => filter(setState)(e.target.value as PersonState)}
            >
              {PERSON_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`people.state.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </form>
        <ErrorAlert error={people.error ?? facets.error} />
        {people.isPending && <p role="status">{t('people.loading')}</p>}
        {page && (
          <p className="people__count" aria-live="polite">
            {t('people.count', { number: formatNumber(page.total) })}
          </p>
        )}
        {page && page.items.length === 0 && <p className="muted">{t('people.empty')}</p>}
        {page && page.items.length > 0 && <PeopleTable people={page.items} caption={range} />}
        {page && page.total > PEOPLE_PAGE_SIZE && (
          <nav className="pager" aria-label={t('people.pages')}>
            <button
              type="button"
              className="button"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PEOPLE_PAGE_SIZE))}
            >
              {t('people.previous')}
            </button>
            <span>{range}</span>
            <button
              type="button"
              className="button"
              disabled={page.offset + page.items.length >= page.total}
              onClick={() => setOffset(offset + PEOPLE_PAGE_SIZE)}
            >
              {t('people.next')}
            </button>
          </nav>
        )}
      </section>
    </>
  );
}
