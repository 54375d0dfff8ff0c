/**
 * What a user sees while their organisation requires two-step sign-in and they have not set it
 * up: only the set-up (the server refuses every other call with `mfa_enrolment_required`).
 */
import { Notice } from '@console/components/notice';
import { PageHeading } from '@console/components/page-heading';
import { useAccountT } from '@console/hooks/use-account-t';
import { TwoStepSection } from './two-step-section';

export function EnrolmentRequired() {
  const { t } = useAccountT();
  return (
    <>
      <PageHeading>{t('account.title')}</PageHeading>
      <Notice tone="warning">{t('mfa.enrolmentRequired')}</Notice>
      <TwoStepSection />
    </>
  );
}
