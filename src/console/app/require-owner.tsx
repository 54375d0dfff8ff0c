/** Owner-only pages: others get an explanation (the server refuses their calls with 403 anyway). */
import type { ReactNode } from 'react';
import { useT } from '@console/hooks/use-t';
import { PageHeading } from '../components/page-heading';
import { useSession } from '../features/accounts/api/session';
import { hasRole } from '../lib/roles';

export function RequireOwner({ page }: { page: ReactNode }) {
  const { t } = useT();
  const { user } = useSession();
  if (hasRole(user.role, 'owner')) return page;
  return (
    <>
      <PageHeading>{t('forbidden.title')}</PageHeading>
      <p>{t('forbidden.body')}</p>
    </>
  );
}
