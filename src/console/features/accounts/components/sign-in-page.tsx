/**
 * Sign-in: email and password, then — when the server answers `mfa_required` — the code from the
 * authenticator app (or a recovery code) in one more field. The server's message is shown as is:
 * it says whether the credentials were wrong, the account is locked, or there were too many
 * attempts, and for how long. Below, the way in through the organisation's provider (single
 * sign-on); when the organisation requires it, a password is refused with words saying so.
 */
import { useState, type FormEvent } from 'react';
import { useT } from '@console/hooks/use-t';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { PageHeading } from '@console/components/page-heading';
import { SsoSignIn } from '@console/features/sso/components/sso-sign-in';
import { useIdentityT } from '@console/hooks/use-identity-t';
import { ApiError } from '@shared/api-client';
import { useSessionQuery, useSignIn } from '../api/session';
import { SignInCodeField } from './sign-in-code-field';
import './sign-in-page.css';

function nextPath(state: unknown): string {
  const next = (state as { next?: unknown } | null)?.next;
  // Only a path of ours: never an absolute URL handed in from elsewhere.
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : '/campaigns';
}

const isCodeError = (error: unknown) =>
  error instanceof ApiError && (error.code === 'mfa_required' || error.code === 'invalid_code');

export function SignInPage() {
  const { t } = useT();
  const identity = useIdentityT();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionQuery();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Asked once the server said so; kept for a wrong code, so it can be typed again.
  const [askCode, setAskCode] = useState(false);
  const next = nextPath(location.state);

  if (session.data) return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password, ...(askCode && code.trim() ? { code: code.trim() } : {}) },
      {
        onSuccess: () => void navigate(next, { replace: true }),
        onError: (error) => {
          if (isCodeError(error)) setAskCode(true);
          setCode('');
        },
      },
    );
  };
  // The question itself is no error: the code field says what to do.
  const shownError =
    signIn.error instanceof ApiError && ['mfa_required', 'sso_required'].includes(signIn.error.code)
      ? null
      : signIn.error;
  const ssoRequired = signIn.error instanceof ApiError && signIn.error.code === 'sso_required';

  return (
    <main className="sign-in">
      <div className="sign-in__card panel">
        <p className="sign-in__product">Hookwise</p>
        <PageHeading>{t('signIn.title')}</PageHeading>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="sign-in-email">{t('signIn.email')}</label>
            <input
              id="sign-in-email"
              type="email"
              autoComplete="username"
              required
              readOnly={askCode}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="sign-in-password">{t('signIn.password')}</label>
            <input
              id="sign-in-password"
              type="password"
              autoComplete="current-password"
              required
              readOnly={askCode}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {askCode && <SignInCodeField value={code} onChange={setCode} />}
          <ErrorAlert error={shownError} />
          {ssoRequired && <Notice tone="error">{identity.t('signIn.ssoRequired')}</Notice>}
          <button
            type="submit"
            className="button button--primary sign-in__submit"
            disabled={signIn.isPending}
          >
            {signIn.isPending ? t('signIn.pending') : t('signIn.submit')}
          </button>
        </form>
        <SsoSignIn />
      </div>
    </main>
  );
}
