/**
 * The sign-in page's way in through the organisation's provider: the work address finds the
 * organisation (an ordinary form: the browser follows the server's redirects to the provider and
 * back), and a refused sign-in comes back with its reason, said here in words.
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '@console/components/notice';
import { useIdentityT } from '@console/hooks/use-identity-t';
import { isSsoFailure } from '@shared/sso';

export function SsoSignIn() {
  const { t } = useIdentityT();
  const id = useId();
  const [params] = useSearchParams();
  const failure = params.get('sso_error');
  return (
    <section className="sign-in__sso" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('signIn.sso.heading')}</h2>
      {failure !== null && (
        // An unknown reason (an old link, a hand-made one) reads as the generic one.
        <Notice tone="error">{t(`failure.${isSsoFailure(failure) ? failure : 'token_invalid'}`)}</Notice>
      )}
      <p id={`${id}-intro`}>{t('signIn.sso.intro')}</p>
      <form method="get" action="/api/admin/sso/start">
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
