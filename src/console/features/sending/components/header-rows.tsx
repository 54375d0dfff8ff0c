/** Custom headers of a sending profile as name/value rows the operator adds and removes. */
import { useId } from 'react';
import { useT } from '@console/hooks/use-t';

export interface HeaderRow {
  name: string;
  value: string;
}

export function HeaderRows({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const { t } = useT();
  const id = useId();
  const update = (index: number, change: Partial<HeaderRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="profile-form__headers">
      <legend>{t('profiles.headers')}</legend>
      {rows.map((row, index) => (
        <div className="form-row" key={index}>
          <div className="field">
            <label htmlFor={`${id}-name-${index}`}>{t('profiles.headerName', { n: index + 1 })}</label>
            <input
              id={`${id}-name-${index}`}
              required
              value={row.name}
              onChange={(e) => update(index, { name: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-value-${index}`}>{t('profiles.headerValue', { n: index + 1 })}</label>
            <input
              id={`${id}-value-${index}`}
              value={row.value}
              onChange={(e) => update(index, { value: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="button button--small"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            {t('profiles.removeHeader', { n: index + 1 })}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        onClick={() => onChange([...rows, { name: '', value: '' }])}
      >
        {t('profiles.addHeader')}
      </button>
    </fieldset>
  );
}
