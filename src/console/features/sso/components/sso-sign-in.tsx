/**
 * The sign-in page's way in through the organisation's provider: the work address finds the
 * organisation, and the browser goes to the start, which redirects to the provider. A navigation,
 * not a form's submission: the console's CSP (form-action 'self') would stop a form at the
 * redirect to another origin. A refused sign-in comes back with its reason, said here in words.
 */
import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '@console/components/notice';
import { useIdentityT } from '@console/hooks/use-identity-t';
import { isSsoFailure, SSO_START_PATH } from '@shared/sso';

export function SsoSignIn() {
  const { t } = useIdentityT();
  const id = useId();
  const [params] = useSearchParams();
  const failure = params.get('sso_error');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    if (typeof email !== 'string') return;
    window.location.assign(`${SSO_START_PATH}?${new URLSearchParams({ email: email.trim() }).toString()}`);
  };
  return (
    <section className="sign-in__sso" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('signIn.sso.heading')}</h2>
      {failure !== null && (
        // An unknown reason (an old link, a hand-made one) reads as the generic one.
        <Notice tone="error">{t(`failure.${isSsoFailure(failure) ? failure : 'token_invalid'}`)}</Notice>
      )}
      <p id={`${id}-intro`}>{t('signIn.sso.intro')}</p>
      <form method="get" action={SSO_START_PATH} onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('signIn.sso.email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-describedby={`${id}-intro`}
          />
        </div>
        <button type="submit" className="button sign-in__submit">
          {t('signIn.sso.submit')}
        </button>
      </form>
    </section>
  );
}
