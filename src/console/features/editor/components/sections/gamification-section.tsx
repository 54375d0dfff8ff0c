/** Scoring: the pass mark, points per step, and badges earned from a minimum score. */
import { useEditorT } from '@console/hooks/use-editor-t';
import type { CampaignFile } from '@shared/campaign';
import { PHISH_STEPS } from '@shared/routes';
import { nextId, replaceItem } from '@console/features/editor/lib/draft-updates';
import { useEditor } from '../../hooks/editor-context';
import { NumberField, TextField } from '../fields';
import { Section } from './section';

type Gamification = CampaignFile['gamification'];
type Badge = Gamification['badges'][number];

export function GamificationSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const game = draft.gamification;
  const set = (change: Partial<Gamification>) =>
    update((f) => ({ ...f, gamification: { ...f.gamification, ...change } }));
  const setPoints = (step: string, value: number | undefined) => {
    const points = { ...game.points };
    if (value === undefined) delete points[step];
    else points[step] = value;
    set({ points });
  };
  const setBadge = (index: number, change: Partial<Badge>) =>
    set({ badges: replaceItem(game.badges, index, (b) => ({ ...b, ...change })) });

  return (
    <Section id="gamification" title={t('section.gamification')}>
      <NumberField
        path="gamification.pass_mark"
        label={t('gamification.passMark')}
        min={0}
        max={100}
        value={game.pass_mark}
        onChange={(pass_mark) => set({ pass_mark: pass_mark ?? 0 })}
      />
      <fieldset>
        <legend>{t('gamification.points')}</legend>
        {PHISH_STEPS.map((step) => (
          <NumberField
            key={step}
            path={`gamification.points.${step}`}
            label={t(`step.${step}`)}
            min={0}
            step={1}
            value={game.points[step]}
            onChange={(value) => setPoints(step, value)}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('gamification.badges')}</legend>
        {game.badges.map((badge, i) => (
          <fieldset key={i}>
            <legend>{t('gamification.badge', { number: i + 1 })}</legend>
            <TextField
              path={`gamification.badges.${i}.id`}
              dir="ltr"
              label={t('common.id')}
              value={badge.id}
              onChange={(id) => setBadge(i, { id })}
            />
            <TextField
              path={`gamification.badges.${i}.name`}
              label={t('gamification.badgeName')}
              value={badge.name}
              onChange={(name) => setBadge(i, { name })}
            />
            <NumberField
              path={`gamification.badges.${i}.min_score`}
              label={t('gamification.minScore')}
              min={0}
              max={100}
              value={badge.min_score}
              onChange={(min_score) => setBadge(i, { min_score: min_score ?? 0 })}
            />
            <button
              type="button"
              className="button button--danger"
              onClick={() => set({ badges: game.badges.filter((_, j) => j !== i) })}
            >
              {t('gamification.removeBadge', { number: i + 1 })}
            </button>
          </fieldset>
        ))}
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() =>
              set({
                badges: [
                  ...game.badges,
                  {
                    id: nextId(
                      'badge',
                      game.badges.map((b) => b.id),
                    ),
                    name: '',
                    min_score: 0,
                  },
                ],
              })
            }
          >
            {t('gamification.addBadge')}
          </button>
        </div>
      </fieldset>
    </Section>
  );
}
