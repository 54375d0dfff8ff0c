/**
 * The built-in sign-in look-alike, branded with the campaign's logo or brand name. Inputs are
 * uncontrolled and never read: on submit only the names of filled-in fields are collected.
 */
import { Fragment, useId, type FormEvent } from 'react';
import { useT } from '@web/hooks/use-t';
import { filledFieldNames } from '../lib/template-messages';
import './builtin-sign-in.css';

const FIELDS = [
  { name: 'username', type: 'text', label: 'journey.signIn.email' },
  { name: 'password', type: 'password', label: 'journey.signIn.password' },
] as const;

interface BuiltinSignInProps {
  brand: string;
  logo: string;
  onSubmitted: (fields: string[]) => void;
}

export function BuiltinSignIn({ brand, logo, onSubmitted }: BuiltinSignInProps) {
  const { t } = useT();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmitted(filledFieldNames(event.currentTarget));
  };
  return (
    <main className="signin">
      <form className="signin__card" onSubmit={submit} noValidate>
        <div className="signin__brand">
          {logo ? (
            <img className="signin__logo" src={logo} alt={brand} />
          ) : (
            <span className="signin__mark" aria-hidden="true" />
          )}
          {brand && !logo && <span className="signin__brand-name">{brand}</span>}
        </div>
        <h1 className="signin__title">{t('journey.template')}</h1>
        <p className="signin__subtitle">
          {brand ? t('journey.signIn.subtitle', { brand }) : t('journey.signIn.subtitleGeneric')}
        </p>
        {FIELDS.map((field) => (
          <Fragment key={field.name}>
            <label className="signin__label" htmlFor={`${id}-${field.name}`}>
              {t(field.label)}
            </label>
            {/* autoComplete off: a password manager must not fill real credentials in here. */}
            <input
              id={`${id}-${field.name}`}
              className="signin__input"
              name={field.name}
              type={field.type}
              autoComplete="off"
              spellCheck={false}
            />
          </Fragment>
        ))}
        <button type="submit" className="signin__submit">
          {t('journey.signIn.submit')}
        </button>
        <p className="signin__help">{t('journey.signIn.forgot')}</p>
      </form>
    </main>
  );
}
