/** A difficulty level in words and on a five-step scale (filled and empty steps, not colour alone). */
import { DIFFICULTY_LEVELS } from '@shared/scenarios';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { levelName, levelOf } from '../lib/levels';

export function DifficultyMeter({ level }: { level: number }) {
  const { t } = useScenariosT();
  const known = levelOf(level);
  return (
    <span className="difficulty">
      <span className="difficulty__scale" aria-hidden="true">
        {DIFFICULTY_LEVELS.map((step) => (
          <span
            key={step}
            className={step <= level ? 'difficulty__step difficulty__step--on' : 'difficulty__step'}
          />
        ))}
      </span>
      <span className="difficulty__words">
        {t('level.of', { level: String(level) })}
        {known && ` · ${t(`level.name.${levelName(known)}`)}`}
      </span>
    </span>
  );
}
