/** /account: the signed-in user's own account; today, their two-step sign-in. */
import { PageHeading } from '@console/components/page-heading';
import { useAccountT } from '@console/hooks/use-account-t';
import { TwoStepSection } from './two-step-section';

export function AccountPage() {
  const { t } = useAccountT();
  return (
    <>
      <PageHeading>{t('account.title')}</PageHeading>
      <TwoStepSection />
    </>
  );
}
