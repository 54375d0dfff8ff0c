/**
 * The training policy: training for people who click or submit, the one reminder's delay, and a
 * note of thanks to reporters. Operators change it; viewers read it.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useSession } from '@console/features/accounts/api/session';
import { useTrainingT } from '@console/hooks/use-training-t';
import { formatDateTime } from '@console/lib/format';
import { hasRole } from '@console/lib/roles';
import type { TrainingPolicy, TrainingPolicyInput } from '@shared/training';
import { useSaveTrainingPolicy } from '../api/training';

const SWITCHES = ['on_click', 'on_submit', 'praise_reporters'] as const;

export function TrainingPolicyForm({ policy }: { policy: TrainingPolicy }) {
  const { t } = useTrainingT();
  const id = useId();
  const { user } = useSession();
  const operator = hasRole(user.role, 'operator');
  const save = useSaveTrainingPolicy();
  const [draft, setDraft] = useState<TrainingPolicyInput>(() => ({
    on_click: policy.on_click,
    on_submit: policy.on_submit,
    reminder_days: policy.reminder_days,
    praise_reporters: policy.praise_reporters,
  }));
  const [days, setDays] = useState(String(policy.reminder_days));
  const dayCount = Number(days);
  const daysValid = /^\d+$/.test(days) && dayCount >= 1 && dayCount <= 90;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!daysValid) return;
    save.mutate({ ...draft, reminder_days: dayCount });
  };

  return (
    <form className="training__policy" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('policy.title')}</h2>
      <p className="muted">{t('policy.intro')}</p>
      <fieldset className="training__switches" disabled={!operator || save.isPending}>
        <legend>{t('policy.legend')}</legend>
        {SWITCHES.map((name) => (
          <div className="training__switch" key={name}>
            <input
              id={`${id}-${name}`}
              type="checkbox"
              checked={draft[name]}
              onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.checked }))}
            />
            <label htmlFor={`${id}-${name}`}>{t(`policy.${name}`)}</label>
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('policy.reminder_days')}</label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            value={days}
            aria-invalid={!daysValid}
            aria-describedby={`${id}-days-hint`}
            onChange={(e) => setDays(e.target.value)}
          />
          <p id={`${id}-days-hint`} className={daysValid ? 'field__hint' : 'field__hint training__invalid'}>
            {t(daysValid ? 'policy.reminderHint' : 'policy.reminderInvalid')}
          </p>
        </div>
      </fieldset>
      <p className="muted">
        {policy.active_since
          ? t('policy.activeSince', { date: formatDateTime(policy.active_since) })
          : t('policy.off')}
      </p>
      {operator ? (
        <button type="submit" className="button button--primary" disabled={save.isPending || !daysValid}>
          {t('policy.save')}
        </button>
      ) : (
        <p>{t('policy.operatorOnly')}</p>
      )}
      <ErrorAlert error={save.error} />
      {save.isSuccess && <Notice tone="success">{t('policy.saved')}</Notice>}
    </form>
  );
}
