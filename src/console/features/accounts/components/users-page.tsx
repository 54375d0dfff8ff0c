/** /users (owner only): who may use the console, with which role. */
import { useT } from '@console/hooks/use-t';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { useSession } from '@console/features/accounts/api/session';
import { useUsers } from '../api/users';
import { NewUserForm } from './new-user-form';
import { RoleGuide } from './role-guide';
import { UserRow } from './user-row';

export function UsersPage() {
  const { t } = useT();
  const session = useSession();
  const users = useUsers();
  return (
    <>
      <PageHeading>{t('users.title')}</PageHeading>
      <ErrorAlert error={users.error} />
      {users.isPending && <p role="status">{t('loading')}</p>}
      {users.data && (
        <div className="table-wrap panel">
          <table className="table">
            <caption>{t('users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col">{t('users.access')}</th>
                <th scope="col">{t('users.lastSignIn')}</th>
                <th scope="col">{t('campaigns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <UserRow key={user.id} user={user} self={user.id === session.user.id} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RoleGuide />
      <NewUserForm />
    </>
  );
}
