/** "Start a campaign": the draft's name (the scenario's title to begin with), then the campaign editor. */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { useScenariosT } from '@console/hooks/use-scenarios-t';
import { useStartCampaign } from '../api/scenarios';

interface StartCampaignDialogProps {
  id: string;
  title: string;
  onClose: () => void;
}

export function StartCampaignDialog({ id, title, onClose }: StartCampaignDialogProps) {
  const { t } = useScenariosT();
  const fieldId = useId();
  const navigate = useNavigate();
  const start = useStartCampaign(id);
  const [name, setName] = useState(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(name.trim(), {
      onSuccess: (made) => void navigate(`/campaigns/${encodeURIComponent(made.campaign_id)}/edit`),
    });
  };
  return (
    <Dialog title={t('start.title', { title })} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={fieldId}>{t('start.name')}</label>
          <input
            id={fieldId}
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-describedby={`${fieldId}-hint`}
          />
          <p id={`${fieldId}-hint`} className="field__hint">
            {t('start.hint')}
          </p>
        </div>
        <ErrorAlert error={start.error} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('start.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={start.isPending}>
            {t('start.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
