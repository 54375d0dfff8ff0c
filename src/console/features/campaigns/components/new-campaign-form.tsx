/** Starts a campaign: a name and a default language make a draft, which opens in the editor. */
import { useState, type FormEvent } from 'react';
import { LanguageSelect } from '@console/components/language-select';
import { useT } from '@console/hooks/use-t';
import { useNavigate } from 'react-router';
import { type LanguageCode } from '@shared/languages';
import { ErrorAlert } from '@console/components/error-alert';
import { useCreateCampaign } from '../api/campaigns';

export function NewCampaignForm({ initialLanguage }: { initialLanguage: LanguageCode }) {
  const { t } = useT();
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<LanguageCode>(initialLanguage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), language_code: language, awareness: t('campaigns.new.awarenessDraft') },
      { onSuccess: (campaign) => void navigate(`/campaigns/${campaign.id}/edit`) },
    );
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="new-campaign-title">
      <h2 id="new-campaign-title">{t('campaigns.new.title')}</h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor="new-campaign-name">{t('campaigns.new.name')}</label>
          <input
            id="new-campaign-name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="new-campaign-language">{t('campaigns.new.language')}</label>
          <LanguageSelect id="new-campaign-language" value={language} onChange={setLanguage} />
        </div>
      </div>
      <ErrorAlert error={create.error} />
      <button type="submit" className="button button--primary" disabled={create.isPending || !name.trim()}>
        {t('campaigns.new.submit')}
      </button>
    </form>
  );
}
