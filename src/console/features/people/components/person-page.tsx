/**
 * /people/:id: one person — who they are, their risk score with its band and the reasons for it,
 * and every simulation they received, told in words, newest first, with the training an operator
 * can send for each.
 */
import { Link, useParams } from 'react-router';
import { LANGUAGES } from '@shared/languages';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { useSession } from '@console/features/accounts/api/session';
import { usePersonT } from '@console/hooks/use-person-t';
import { hasRole } from '@console/lib/roles';
import { usePersonHistory } from '../api/person';
import { personName } from '../lib/person-name';
import { PersonRisk } from './person-risk';
import { PersonTimeline } from './person-timeline';
import './person.css';

export function PersonPage() {
  const { t } = usePersonT();
  const { id = '' } = useParams();
  const { user } = useSession();
  const history = usePersonHistory(id);
  const data = history.data;
  const none = <span className="muted">{t('person.notGiven')}</span>;
  return (
    <>
      <p>
        <Link to="/people">{t('person.back')}</Link>
      </p>
      <ErrorAlert error={history.error} />
      {history.isPending && <p role="status">{t('person.loading')}</p>}
      {data && (
        <>
          <PageHeading>{personName(data.person)}</PageHeading>
          <dl className="person__facts">
            <div>
              <dt>{t('person.email')}</dt>
              <dd>{data.person.email ?? none}</dd>
            </div>
            <div>
              <dt>{t('person.department')}</dt>
              <dd>{data.person.department ?? none}</dd>
            </div>
            <div>
              <dt>{t('person.language')}</dt>
              <dd>{data.person.language_code ? LANGUAGES[data.person.language_code].name : none}</dd>
            </div>
          </dl>
          <PersonRisk risk={data.risk} />
          <PersonTimeline
            personId={data.person.id}
            simulations={data.simulations}
            canAssign={hasRole(user.role, 'operator')}
          />
        </>
      )}
    </>
  );
}
