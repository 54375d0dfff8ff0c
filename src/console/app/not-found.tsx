import { useT } from '@console/hooks/use-t';
import { Link } from 'react-router';
import { PageHeading } from '../components/page-heading';

export function NotFound() {
  const { t } = useT();
  return (
    <>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>
        <Link to="/campaigns">{t('notFound.back')}</Link>
      </p>
    </>
  );
}
