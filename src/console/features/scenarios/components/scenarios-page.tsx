/**
 * /scenarios: the scenario library and the tenant's copies, in the console's language, filtered
 * by difficulty and lure; each can start a campaign (two clicks to the editor) or be copied.
 */
import { useId, useState } from 'react';
import { DIFFICULTY_LEVELS, SCENARIO_LURES, type ScenarioLure } from '@shared/scenarios';
import { isLanguageCode } from '@shared/languages';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { hasRole } from '@console/lib/roles';
import { useSession } from '@console/features/accounts/api/session';
import { useScenarios } from '../api/scenarios';
import { isLure, levelName, levelOf } from '../lib/levels';
import { ScenarioCard } from './scenario-card';
import './scenarios.css';

export function ScenariosPage() {
  const { t, i18n } = useScenariosT();
  const id = useId();
  const { user } = useSession();
  const [difficulty, setDifficulty] = useState<number>();
  const [lure, setLure] = useState<ScenarioLure>();
  const shown = i18n.resolvedLanguage ?? i18n.language;
  const language = isLanguageCode(shown) ? shown : 'en';
  const scenarios = useScenarios({ language, difficulty, lure });
  const list = scenarios.data;

  return (
    <>
      <PageHeading>{t('scenarios.title')}</PageHeading>
      <p className="muted">{t('scenarios.intro')}</p>
      <section className="panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{t('scenarios.listTitle')}</h2>
        <form
          role="search"
          aria-label={t('scenarios.filters')}
          className="scenarios__filters"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="field">
            <label htmlFor={`${id}-difficulty`}>{t('scenarios.difficulty')}</label>
            <select
              id={`${id}-difficulty`}
              value={difficulty ?? ''}
              onChange={(e) => setDifficulty(levelOf(Number(e.target.value)))}
            >
              <option value="">{t('scenarios.anyDifficulty')}</option>
              {DIFFICULTY_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t('level.of', { level: String(level) })} · {t(`level.name.${levelName(level)}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-lure`}>{t('scenarios.lure')}</label>
            <select
              id={`${id}-lure`}
              value={lure ?? ''}
              onChange={(e) => setLure(isLure(e.target.value) ? e.target.value : undefined)}
            >
              <option value="">{t('scenarios.anyLure')}</option>
              {SCENARIO_LURES.map((l) => (
                <option key={l} value={l}>
                  {t(`lure.${l}`)}
                </option>
              ))}
            </select>
          </div>
        </form>
        <ErrorAlert error={scenarios.error} />
        {scenarios.isPending && <p role="status">{t('scenarios.loading')}</p>}
        {list && (
          <p className="scenarios__count" aria-live="polite">
            {t('scenarios.count', { number: String(list.length) })}
          </p>
        )}
        {list && list.length === 0 && <p className="muted">{t('scenarios.empty')}</p>}
        {list && list.length > 0 && (
          <ul className="scenarios__list">
            {list.map((scenario) => (
              <ScenarioCard
                key={scenario.id}
                scenario={scenario}
                canChange={hasRole(user.role, 'operator')}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
