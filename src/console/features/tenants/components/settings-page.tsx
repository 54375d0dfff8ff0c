/**
 * /settings: the workspace's settings: its own office and gateway addresses, two-step sign-in,
 * single sign-on and directory sync (SCIM) (owners).
 */
import { PageHeading } from '@console/components/page-heading';
import { SsoSettingsSection } from '@console/features/sso/components/sso-settings-section';
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
      <SsoSettingsSection />
      <ScimSection />
    </>
  );
}
