/**
 * The console's routes. Route objects only compose features; the campaign editor is its own
 * chunk, loaded when an operator opens it, and so are the results dashboard and trends. Everything but /sign-in needs a session.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ApiKeysPage } from '../features/tenants/components/api-keys-page';
import { AuditPage } from '../features/audit/components/audit-page';
import { AccountPage } from '../features/accounts/components/account-page';
import { SessionGate } from '../features/accounts/components/session-gate';
import { SignInPage } from '../features/accounts/components/sign-in-page';
import { CampaignOverviewPage } from '../features/campaigns/components/campaign-overview-page';
import { CampaignsPage } from '../features/campaigns/components/campaigns-page';
import { GophishImportPage } from '../features/gophish/components/gophish-import-page';
import { HomePage } from '../features/home/components/home-page';
import { IntegrationsPage } from '../features/integrations/components/integrations-page';
import { PeoplePage } from '../features/people/components/people-page';
import { ScenarioPage } from '../features/scenarios/components/scenario-page';
import { ScenariosPage } from '../features/scenarios/components/scenarios-page';
import { PeopleListsPage } from '../features/people/components/people-lists-page';
import { PersonPage } from '../features/people/components/person-page';
import { ProgrammePage } from '../features/programme/components/programme-page';
import { TrainingPage } from '../features/training/components/training-page';
import { AutomationsPage } from '../features/automations/components/automations-page';
import { ReportedMailPage } from '../features/reported-mail/components/reported-mail-page';
import { RecipientsPage } from '../features/recipients/components/recipients-page';
import { MaliciousUrlsPage } from '../features/malicious-urls/components/malicious-urls-page';
import { ReviewersPage } from '../features/reviewers/components/reviewers-page';
import { AllowlistPage } from '../features/sending/components/allowlist-page';
import { SendingProfilesPage } from '../features/sending/components/sending-profiles-page';
import { SettingsPage } from '../features/tenants/components/settings-page';
import { UsersPage } from '../features/accounts/components/users-page';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RequireOwner } from './require-owner';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      {
        element: <Layout />,
        children: [
          {
            // Inside the layout: a page that fails keeps the header and navigation.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomePage /> },
              { path: 'campaigns', element: <CampaignsPage /> },
              { path: 'campaigns/:id', element: <CampaignOverviewPage /> },
              {
                path: 'campaigns/:id/edit',
                lazy: async () => {
                  const { CampaignEditorPage } =
                    await import('../features/editor/components/campaign-editor-page');
                  return { Component: CampaignEditorPage };
                },
              },
              { path: 'campaigns/:id/recipients', element: <RecipientsPage /> },
              {
                path: 'campaigns/:id/results',
                lazy: async () => {
                  const { DashboardPage } = await import('../features/dashboard/components/dashboard-page');
                  return { Component: DashboardPage };
                },
              },
              {
                path: 'trends',
                lazy: async () => {
                  const { TrendsPage } = await import('../features/dashboard/components/trends-page');
                  return { Component: TrendsPage };
                },
              },
              { path: 'import/gophish', element: <GophishImportPage /> },
              { path: 'people', element: <PeoplePage /> },
              { path: 'scenarios', element: <ScenariosPage /> },
              { path: 'scenarios/:id', element: <ScenarioPage /> },
              { path: 'people/lists', element: <PeopleListsPage /> },
              { path: 'people/:id', element: <PersonPage /> },
              { path: 'programme', element: <ProgrammePage /> },
              { path: 'training', element: <TrainingPage /> },
              { path: 'automations', element: <AutomationsPage /> },
              { path: 'sending-profiles', element: <SendingProfilesPage /> },
              { path: 'sending-profiles/:id/allowlist', element: <AllowlistPage /> },
              { path: 'reviewers', element: <ReviewersPage /> },
              { path: 'malicious-urls', element: <MaliciousUrlsPage /> },
              { path: 'reported-mail', element: <ReportedMailPage /> },
              { path: 'users', element: <RequireOwner page={<UsersPage />} /> },
              { path: 'api-keys', element: <RequireOwner page={<ApiKeysPage />} /> },
              { path: 'audit', element: <RequireOwner page={<AuditPage />} /> },
              { path: 'integrations', element: <RequireOwner page={<IntegrationsPage />} /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'account', element: <AccountPage /> },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createConsoleRouter() {
  return createBrowserRouter(routes);
}
