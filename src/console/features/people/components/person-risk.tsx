/** A person's risk score, its band in words (never colour alone), and the factors that make it. */
import { useId } from 'react';
import type { Risk } from '@shared/people-risk';
import { usePersonT } from '@console/hooks/use-person-t';
import { formatNumber } from '@console/lib/format';

export function PersonRisk({ risk }: { risk: Risk }) {
  const { t } = usePersonT();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('risk.title')}</h2>
      <p className="person__score">
        <span>{t('risk.score', { score: formatNumber(risk.score) })}</span>{' '}
        <span className={`person__band person__band--${risk.band}`}>{t(`risk.band.${risk.band}`)}</span>
      </p>
      <h3>{t('risk.why')}</h3>
      <ul className="person__factors">
        <li>{t('risk.baseline', { points: formatNumber(risk.baseline) })}</li>
        {risk.factors.map((f) => (
          <li key={f.factor}>
            {t(f.points >= 0 ? 'risk.raises' : 'risk.lowers', {
              factor: t(`risk.factor.${f.factor}`),
              number: formatNumber(f.count),
              points: formatNumber(Math.abs(f.points)),
            })}
          </li>
        ))}
      </ul>
      {risk.factors.length === 0 && <p className="muted">{t('risk.nothing')}</p>}
      <p className="field__hint">{t('risk.how')}</p>
    </section>
  );
}
