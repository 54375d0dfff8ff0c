/**
 * /scenarios/:id: one scenario, its level and why, its e-mail and its pages in a chosen language,
 * and what an operator can do with it: start a campaign, copy it, and edit or remove the tenant's
 * own copy.
 */
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isLanguageCode, LANGUAGES } from '@shared/languages';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { PageHeading } from '@console/components/page-heading';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { hasRole } from '@console/lib/roles';
import { useSession } from '@console/features/accounts/api/session';
import { PreviewPanel } from '@console/features/preview/components/preview-panel';
import type { PreviewPage } from '@console/features/preview/api/mint-preview';
import { useScenario } from '../api/scenarios';
import { CopyButton } from './copy-button';
import { DifficultyMeter } from './difficulty-meter';
import { EditCopy } from './edit-copy';
import { EmailSample } from './email-sample';
import { StartCampaignDialog } from './start-campaign-dialog';
import './scenarios.css';

export function ScenarioPage() {
  const { t, i18n } = useScenariosT();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { user } = useSession();
  const scenario = useScenario(id);
  const [starting, setStarting] = useState(false);
  const [page, setPage] = useState<PreviewPage>('phish');
  const operator = hasRole(user.role, 'operator');
  const shown = i18n.resolvedLanguage ?? i18n.language;
  const consoleLanguage = isLanguageCode(shown) ? shown : 'en';
  const s = scenario.data;
  if (!s)
    return (
      <>
        <p>
          <Link to="/scenarios">{t('detail.back')}</Link>
        </p>
        <ErrorAlert error={scenario.error} />
        {scenario.isPending && <p role="status">{t('detail.loading')}</p>}
      </>
    );
  const language = s.texts[consoleLanguage] ? consoleLanguage : 'en';
  const texts = s.texts[language] ?? s.texts.en!;
  const dir = LANGUAGES[language].dir;
  return (
    <>
      <p>
        <Link to="/scenarios">{t('detail.back')}</Link>
      </p>
      <PageHeading>{texts.title}</PageHeading>
      {search.get('copied') && s.source === 'tenant' && <Notice tone="success">{t('detail.copied')}</Notice>}
      <section className="panel scenario-detail">
        <p className="scenario-card__tags">
          <span className="scenario-tag">{t(`lure.${s.lure}`)}</span>
          <span className="scenario-tag">{t(`source.${s.source}`)}</span>
          {s.reply_based && <span className="scenario-tag">{t('scenarios.replyBased')}</span>}
        </p>
        <DifficultyMeter level={s.difficulty} />
        <p lang={language} dir={dir}>
          {texts.summary}
        </p>
        <h2>{t('scenarios.why')}</h2>
        <p lang={language} dir={dir}>
          {texts.level_reason}
        </p>
        <p className="muted">
          {t('detail.languages', { languages: s.languages.map((code) => LANGUAGES[code].name).join(', ') })}
        </p>
        {operator && (
          <div className="scenario-card__actions">
            <button type="button" className="button button--primary" onClick={() => setStarting(true)}>
              {t('scenarios.start')}
            </button>
            <CopyButton id={s.id} />
          </div>
        )}
      </section>
      <EmailSample scenario={s} initial={consoleLanguage} />
      {/* The pages a recipient goes through, before any campaign is made from it. */}
      <PreviewPanel
        source={{ scenarioId: s.id }}
        defaultLanguage={language}
        steps={s.campaign.navigation}
        page={page}
        onPageChange={setPage}
      />
      {operator && s.source === 'tenant' && <EditCopy scenario={s} />}
      {starting && <StartCampaignDialog id={s.id} title={texts.title} onClose={() => setStarting(false)} />}
    </>
  );
}
