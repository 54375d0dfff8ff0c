/** /settings: the workspace's settings; today, its own office and gateway addresses. */
import { PageHeading } from '@console/components/page-heading';
import { useT } from '@console/hooks/use-t';
import { EgressNetworksSection } from './egress-networks-section';

export function SettingsPage() {
  const { t } = useT();
  return (
    <>
      <PageHeading>{t('settings.title')}</PageHeading>
      <EgressNetworksSection />
    </>
  );
}
