/**
 * The tenant's own copy, edited: its title, summary and "why this level" in a language, and its
 * level; or removed. Its e-mail and pages are edited in the campaign editor of a campaign
 * started from it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DIFFICULTY_LEVELS } from '@shared/scenarios';
import type { LanguageCode } from '@shared/languages';
import type { ScenarioDetail } from '@shared/scenario-api';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { LanguageSelect } from '@console/components/language-select';
import { Notice } from '@console/components/notice';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { useDeleteScenario, useSaveScenario } from '../api/scenarios';
import { levelName } from '../lib/levels';

type Field = 'title' | 'summary' | 'level_reason';

export function EditCopy({ scenario }: { scenario: ScenarioDetail }) {
  const { t } = useScenariosT();
  const id = useId();
  const navigate = useNavigate();
  const save = useSaveScenario(scenario.id);
  const remove = useDeleteScenario(scenario.id);
  const [language, setLanguage] = useState<LanguageCode>('en');
  const [texts, setTexts] = useState(scenario.texts);
  const [difficulty, setDifficulty] = useState(scenario.difficulty);
  const [confirming, setConfirming] = useState(false);
  const current = texts[language] ?? texts.en!;
  const change = (field: Field, value: string) => {
    save.reset();
    setTexts({ ...texts, [language]: { ...current, [field]: value } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      lure: scenario.lure,
      difficulty,
      reply_based: scenario.reply_based,
      texts,
      campaign: scenario.campaign,
    });
  };
  const fields: { field: Field; label: string; long: boolean }[] = [
    { field: 'title', label: t('edit.titleField'), long: false },
    { field: 'summary', label: t('edit.summary'), long: true },
    { field: 'level_reason', label: t('scenarios.why'), long: true },
  ];

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('edit.title')}</h2>
      <p className="muted">{t('edit.hint')}</p>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('edit.language')}</label>
          <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} />
        </div>
        {fields.map(({ field, label, long }) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{label}</label>
            {long ? (
              <textarea
                id={`${id}-${field}`}
                required
                rows={3}
                value={current[field]}
                onChange={(e) => change(field, e.target.value)}
              />
            ) : (
              <input
                id={`${id}-${field}`}
                required
                value={current[field]}
                onChange={(e) => change(field, e.target.value)}
              />
            )}
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-difficulty`}>{t('scenarios.difficulty')}</label>
          <select
            id={`${id}-difficulty`}
            value={difficulty}
            onChange={(e) => setDifficulty(Number(e.target.value))}
          >
            {DIFFICULTY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t('level.of', { level: String(level) })} · {t(`level.name.${levelName(level)}`)}
              </option>
            ))}
          </select>
        </div>
        <ErrorAlert error={save.error ?? remove.error} />
        {save.isSuccess && <Notice tone="success">{t('edit.saved')}</Notice>}
        <div className="dialog__actions">
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('edit.delete')}
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {t('edit.save')}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title={t('edit.delete')}
          message={t('edit.deleteConfirm', { title: current.title })}
          confirmLabel={t('edit.delete')}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate('/scenarios') })}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
