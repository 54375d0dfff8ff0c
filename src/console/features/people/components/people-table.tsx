/**
 * A page of people: name and e-mail (a link to the person's page), department, groups, language,
 * and active or deactivated (a word, never colour alone).
 */
import { LANGUAGES } from '@shared/languages';
import type { Person } from '@shared/people';
import { Link } from 'react-router';
import { usePeopleT } from '@console/hooks/use-people-t';
import { givenName, personName } from '../lib/person-name';

export function PeopleTable({ people, caption }: { people: Person[]; caption: string }) {
  const { t } = usePeopleT();
  const none = <span className="muted">{t('people.notGiven')}</span>;
  return (
    // Scrolls sideways on a phone: a named region the keyboard can reach and scroll (axe's
    // scrollable-region-focusable asks for exactly this).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table people__table" data-table="people">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('people.col.person')}</th>
            <th scope="col">{t('people.col.department')}</th>
            <th scope="col">{t('people.col.groups')}</th>
            <th scope="col">{t('people.col.language')}</th>
            <th scope="col">{t('people.col.state')}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id}>
              <th scope="row">
                <Link className="people__name" to={`/people/${encodeURIComponent(person.id)}`}>
                  {personName(person)}
                </Link>
                {givenName(person) && person.email && <span className="people__email">{person.email}</span>}
              </th>
              <td>{person.department ?? none}</td>
              <td>{person.groups.length > 0 ? person.groups.join(', ') : none}</td>
              <td>{person.language_code ? LANGUAGES[person.language_code].name : none}</td>
              <td>
                <span className={person.active ? 'people__state' : 'people__state people__state--off'}>
                  <span aria-hidden="true">{person.active ? '●' : '○'}</span>{' '}
                  {t(person.active ? 'people.state.active' : 'people.state.deactivated')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
