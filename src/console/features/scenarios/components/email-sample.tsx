/**
 * A scenario's e-mail as a recipient reads it, in a language the operator picks: From, Subject
 * and the text, with a sample person's details filled in and the red flags it hides listed.
 */
import { useId, useState } from 'react';
import { contentLanguage, localiseCampaign } from '@shared/campaign-content';
import { fillVariables, SAMPLE_PERSON } from '@shared/email-variables';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import type { ScenarioDetail } from '@shared/scenario-api';
import { LanguageSelect } from '@console/components/language-select';
import { useScenariosT } from '@console/hooks/use-scenarios-t';

export function EmailSample({ scenario, initial }: { scenario: ScenarioDetail; initial: LanguageCode }) {
  const { t } = useScenariosT();
  const id = useId();
  const [language, setLanguage] = useState<LanguageCode>(initial);
  const shownIn = contentLanguage(scenario.campaign, language);
  const file = localiseCampaign(scenario.campaign, shownIn);
  const email = file.email;
  const dir = LANGUAGES[shownIn].dir;
  const fill = (text: string) =>
    fillVariables(text, (name) => {
      if (name === 'link') return t('email.link');
      if (name === 'qr_code') return t('email.qrCode');
      return SAMPLE_PERSON[name];
    });
  const flags = file.sei.filter((flag) => flag.target.on === 'email');

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('email.title')}</h2>
      <div className="field scenario-email__language">
        <label htmlFor={`${id}-language`}>{t('email.language')}</label>
        <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} />
      </div>
      {shownIn !== language && <p className="muted">{t('email.fallback')}</p>}
      {!email && <p className="muted">{t('email.none')}</p>}
      {email && (
        <div className="scenario-email" lang={shownIn} dir={dir}>
          <dl className="scenario-email__headers">
            <dt>{t('email.from')}</dt>
            <dd>{fill(email.from)}</dd>
            <dt>{t('email.subject')}</dt>
            <dd>{fill(email.subject)}</dd>
          </dl>
          <p className="scenario-email__body">{fill(email.body)}</p>
        </div>
      )}
      <p className="muted">
        {t('email.sample', { name: `${SAMPLE_PERSON.first_name} ${SAMPLE_PERSON.last_name}` })}
      </p>
      {flags.length > 0 && (
        <>
          <h3>{t('email.redFlags')}</h3>
          <ul className="scenario-email__flags" lang={shownIn} dir={dir}>
            {flags.map((flag) => (
              <li key={flag.id}>
                <strong>{flag.title}</strong> {flag.explanation}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
