/**
 * The second step of signing in: the 6-digit code from the authenticator app (numeric keypad,
 * one-time-code autofill), or — for a lost phone — one of the recovery codes.
 */
import { useEffect, useRef, useState } from 'react';
import { useAccountT } from '@console/hooks/use-account-t';

export function SignInCodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useAccountT();
  const [recovery, setRecovery] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Asked for after the password: the cursor goes where the next keystroke belongs.
  useEffect(() => input.current?.focus(), [recovery]);
  return (
    <div className="field">
      <label htmlFor="sign-in-code">{t(recovery ? 'signIn.recoveryLabel' : 'signIn.codeLabel')}</label>
      <input
        ref={input}
        id="sign-in-code"
        key={recovery ? 'recovery' : 'totp'}
        required
        dir="ltr"
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        aria-describedby="sign-in-code-hint"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id="sign-in-code-hint" className="field__hint">
        {t(recovery ? 'signIn.recoveryHint' : 'signIn.codeHint')}
      </span>
      <button
        type="button"
        className="button button--small sign-in__switch"
        onClick={() => {
          setRecovery(!recovery);
          onChange('');
        }}
      >
        {t(recovery ? 'signIn.useApp' : 'signIn.useRecovery')}
      </button>
    </div>
  );
}
