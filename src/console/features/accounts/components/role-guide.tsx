/** What each role may do, in words, beside the users it is given to (the server's role matrix). */
import { ROLES } from '@shared/admin-api';
import { useHomeT } from '@console/hooks/use-home-t';

export function RoleGuide() {
  const { t } = useHomeT();
  return (
    <section className="panel" aria-labelledby="role-guide">
      <h2 id="role-guide">{t('roles.title')}</h2>
      <ul>
        {ROLES.slice()
          .reverse()
          .map((role) => (
            <li key={role}>{t(`roles.${role}`)}</li>
          ))}
      </ul>
    </section>
  );
}
