/**
 * /settings: the workspace's settings: its own office and gateway addresses, two-step sign-in,
 * directory sync (SCIM).
 */
import { PageHeading } from '@console/components/page-heading';
import { useT } from '@console/hooks/use-t';
import { EgressNetworksSection } from './egress-networks-section';
import { ScimSection } from '@console/features/people/components/scim-section';
import { MfaPolicySection } from './mfa-policy-section';

export function SettingsPage() {
  const { t } = useT();
  return (
    <>
      <PageHeading>{t('settings.title')}</PageHeading>
      <EgressNetworksSection />
      <MfaPolicySection />
      <ScimSection />
    </>
  );
}
