/**
 * The signed-in shell: header (product, navigation, operator, language, sign-out) and the page.
 * On a phone the header is one row, product and a menu button; the rest opens under it. Only
 * the two-step sign-in set-up shows while the organisation requires it and it is not done.
 */
import { useId, useState } from 'react';
import { useAccountT } from '@console/hooks/use-account-t';
import { useHomeT } from '@console/hooks/use-home-t';
import { useIntegrationsT } from '@console/hooks/use-integrations-t';
import { usePeopleT } from '@console/hooks/use-people-t';
import { useProgrammeT } from '@console/hooks/use-programme-t';
import { useAutomationsT } from '@console/hooks/use-automations-t';
import { useReportsT } from '@console/hooks/use-reports-t';
import { useResultsT } from '@console/hooks/use-results-t';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { useTrainingT } from '@console/hooks/use-training-t';
import { useT } from '@console/hooks/use-t';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/accounts/api/session';
import { EnrolmentRequired } from '../features/accounts/components/enrolment-required';
import { hasRole } from '../lib/roles';
import { LanguagePicker } from './language-picker';
import { SignOutButton } from './sign-out-button';
import './layout.css';

export function Layout() {
  const { t } = useT();
  const { t: tr } = useResultsT();
  const { t: th } = useHomeT();
  const { t: ta } = useAccountT();
  const { t: ti } = useIntegrationsT();
  const { t: tp } = usePeopleT();
  const { t: tg } = useProgrammeT();
  const { t: tu } = useAutomationsT();
  const { t: tm } = useReportsT();
  const { t: ts } = useScenariosT();
  const { t: tt } = useTrainingT();
  const { user, tenant, mfa_enrolment_required: enrolmentOnly } = useSession();
  const owner = hasRole(user.role, 'owner');
  const operator = hasRole(user.role, 'operator');
  const menuId = useId();
  const { key } = useLocation();
  // Open at the history entry it was opened at: following any of its links closes it.
  const [openAt, setOpenAt] = useState<string>();
  const open = openAt === key;
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="layout__header">
        <div className="layout__bar">
          <div className="layout__brand">
            <span className="layout__product">Hookwise</span>
            <span className="layout__tenant">{tenant.name}</span>
          </div>
          <button
            type="button"
            className="button button--small layout__menu-button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenAt(open ? undefined : key)}
          >
            {t('layout.menu')}
          </button>
        </div>
        <div id={menuId} className={open ? 'layout__menu layout__menu--open' : 'layout__menu'}>
          {/* Until two-step sign-in is set up (the organisation requires it), nothing else opens. */}
          {!enrolmentOnly && (
            <nav aria-label={t('layout.nav')} className="layout__nav">
              <NavLink to="/" end>
                {th('nav.home')}
              </NavLink>
              <NavLink to="/campaigns">{t('nav.campaigns')}</NavLink>
              <NavLink to="/scenarios">{ts('nav.scenarios')}</NavLink>
              <NavLink to="/people">{tp('nav.people')}</NavLink>
              <NavLink to="/trends">{tr('nav.trends')}</NavLink>
              <NavLink to="/programme">{tg('nav.programme')}</NavLink>
              <NavLink to="/training">{tt('nav.training')}</NavLink>
              <NavLink to="/automations">{tu('nav.automations')}</NavLink>
              <NavLink to="/reviewers">{tr('nav.reviewers')}</NavLink>
              <NavLink to="/malicious-urls">{tr('nav.malicious')}</NavLink>
              <NavLink to="/reported-mail">{tm('nav.reportedMail')}</NavLink>
              <NavLink to="/sending-profiles">{t('nav.sendingProfiles')}</NavLink>
              {operator && <NavLink to="/import/gophish">{t('nav.importGophish')}</NavLink>}
              {owner && <NavLink to="/users">{t('nav.users')}</NavLink>}
              {owner && <NavLink to="/api-keys">{t('nav.apiKeys')}</NavLink>}
              {owner && <NavLink to="/audit">{t('nav.audit')}</NavLink>}
              {owner && <NavLink to="/integrations">{ti('nav.integrations')}</NavLink>}
              <NavLink to="/settings">{t('nav.settings')}</NavLink>
              <NavLink to="/account">{ta('nav.account')}</NavLink>
            </nav>
          )}
          <div className="layout__account">
            <span className="layout__user">
              {user.name} <span className="layout__role">({t(`role.${user.role}`)})</span>
            </span>
            <LanguagePicker />
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="layout__main">
        {enrolmentOnly ? <EnrolmentRequired /> : <Outlet />}
      </main>
    </div>
  );
}
