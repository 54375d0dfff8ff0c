/** One scenario in the list: its title, summary, lure, level and why, languages, and what to do with it. */
import { useState } from 'react';
import { Link } from 'react-router';
import type { ScenarioListItem } from '@shared/scenario-api';
import { LANGUAGES } from '@shared/languages';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { DifficultyMeter } from './difficulty-meter';
import { StartCampaignDialog } from './start-campaign-dialog';
import { CopyButton } from './copy-button';

export function ScenarioCard({ scenario, canChange }: { scenario: ScenarioListItem; canChange: boolean }) {
  const { t } = useScenariosT();
  const [starting, setStarting] = useState(false);
  const { title, summary, level_reason } = scenario.texts;
  const dir = LANGUAGES[scenario.language].dir;
  return (
    <li className="scenario-card">
      <article aria-labelledby={`scenario-${scenario.id}`}>
        <h3
          id={`scenario-${scenario.id}`}
          className="scenario-card__title"
          lang={scenario.language}
          dir={dir}
        >
          <Link to={`/scenarios/${encodeURIComponent(scenario.id)}`}>{title}</Link>
        </h3>
        <p className="scenario-card__tags">
          <span className="scenario-tag">{t(`lure.${scenario.lure}`)}</span>
          <span className="scenario-tag">{t(`source.${scenario.source}`)}</span>
          {scenario.reply_based && <span className="scenario-tag">{t('scenarios.replyBased')}</span>}
        </p>
        <DifficultyMeter level={scenario.difficulty} />
        <p lang={scenario.language} dir={dir}>
          {summary}
        </p>
        <p className="scenario-card__reason">
          <strong>{t('scenarios.why')}</strong>{' '}
          <span lang={scenario.language} dir={dir}>
            {level_reason}
          </span>
        </p>
        <p className="muted">{t('scenarios.languages', { number: String(scenario.languages.length) })}</p>
        <div className="scenario-card__actions">
          {canChange && (
            <button
              type="button"
              className="button button--primary button--small"
              // Named by its visible words (as a voice user says them), told apart by the scenario's title.
              aria-describedby={`scenario-${scenario.id}`}
              onClick={() => setStarting(true)}
            >
              {t('scenarios.start')}
            </button>
          )}
          {canChange && <CopyButton id={scenario.id} describedBy={`scenario-${scenario.id}`} />}
        </div>
      </article>
      {starting && <StartCampaignDialog id={scenario.id} title={title} onClose={() => setStarting(false)} />}
    </li>
  );
}
