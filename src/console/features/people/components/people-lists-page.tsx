/**
 * /people/lists: the lists security teams ask for — repeat offenders, people who never reported,
 * top reporters — over the last 12 months, each with the figures that put a person there.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PEOPLE_LISTS, type PeopleListName } from '@shared/person-history';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { usePeopleT } from '@console/hooks/use-people-t';
import { usePersonT } from '@console/hooks/use-person-t';
import { formatNumber } from '@console/lib/format';
import { LIST_PAGE_SIZE, usePeopleList } from '../api/person';
import { formatDay } from '../lib/format-duration';
import { personName } from '../lib/person-name';
import './people.css';
import './person.css';

export function PeopleListsPage() {
  const { t } = usePersonT();
  const { t: tp } = usePeopleT();
  const id = useId();
  const [list, setList] = useState<PeopleListName>('repeat-offenders');
  const [offset, setOffset] = useState(0);
  const query = usePeopleList(list, offset);
  const page = query.data;
  const day = (iso: string | null) => (iso ? formatDay(iso) : t('lists.none'));
  const range = page
    ? tp('people.range', {
        from: formatNumber(page.total === 0 ? 0 : page.offset + 1),
        to: formatNumber(page.offset + page.items.length),
        total: formatNumber(page.total),
      })
    : '';
  return (
    <>
      <p>
        <Link to="/people">{t('person.back')}</Link>
      </p>
      <PageHeading>{t('lists.title')}</PageHeading>
      <p className="muted">{t('lists.intro', { months: formatNumber(12) })}</p>
      <section className="panel" aria-labelledby={`${id}-list`}>
        <fieldset className="people__lists-tabs">
          <legend>{t('lists.choose')}</legend>
          {PEOPLE_LISTS.map((name) => (
            <label key={name}>
              <input
                type="radio"
                name={`${id}-list`}
                value={name}
                checked={list === name}
                onChange={() => {
                  setList(name);
                  setOffset(0);
                }}
              />
              {t(`list.${name}`)}
            </label>
          ))}
        </fieldset>
        <h2 id={`${id}-list`}>{t(`list.${list}`)}</h2>
        <p>{t(`about.${list}`, { clicks: formatNumber(2) })}</p>
        <ErrorAlert error={query.error} />
        {query.isPending && <p role="status">{t('person.loading')}</p>}
        {page && (
          <p className="people__count" aria-live="polite">
            {t('lists.count', { number: formatNumber(page.total) })}
          </p>
        )}
        {page && page.items.length === 0 && <p className="muted">{t('lists.empty')}</p>}
        {page && page.items.length > 0 && (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className="table-wrap" role="region" aria-label={range} tabIndex={0}>
            <table className="table">
              <caption>{range}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.person')}</th>
                  <th scope="col">{t('col.simulations')}</th>
                  <th scope="col">{t('col.clicks')}</th>
                  <th scope="col">{t('col.submissions')}</th>
                  <th scope="col">{t('col.reports')}</th>
                  <th scope="col">{t('col.lastClick')}</th>
                  <th scope="col">{t('col.lastReport')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((item) => (
                  <tr key={item.person.id}>
                    <th scope="row">
                      <Link className="people__name" to={`/people/${encodeURIComponent(item.person.id)}`}>
                        {personName(item.person)}
                      </Link>
                    </th>
                    <td>{formatNumber(item.simulations)}</td>
                    <td>{formatNumber(item.clicks)}</td>
                    <td>{formatNumber(item.submissions)}</td>
                    <td>{formatNumber(item.reports)}</td>
                    <td>{day(item.last_clicked_at)}</td>
                    <td>{day(item.last_reported_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page && page.total > LIST_PAGE_SIZE && (
          <nav className="pager" aria-label={tp('people.pages')}>
            <button
              type="button"
              className="button"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - LIST_PAGE_SIZE))}
            >
              {tp('people.previous')}
            </button>
            <span>{range}</span>
            <button
              type="button"
              className="button"
              disabled={page.offset + page.items.length >= page.total}
              onClick={() => setOffset(offset + LIST_PAGE_SIZE)}
            >
              {tp('people.next')}
            </button>
          </nav>
        )}
      </section>
    </>
  );
}
