/** One vendor's values: where the settings are, why, and each value list to copy. */
import { useId, useState } from 'react';
import { useT } from '@console/hooks/use-t';
import type { Allowlist } from '@shared/sending';
import { FIELD_KEYS, VENDOR_KEYS } from '../lib/allowlist-keys';

type Vendor = Allowlist['vendors'][number];
type Field = Vendor['fields'][number];

export function AllowlistVendor({ vendor }: { vendor: Vendor }) {
  const { t } = useT();
  const id = useId();
  const keys = VENDOR_KEYS[vendor.vendor];
  return (
    <section className="panel allowlist-vendor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(keys.name)}</h2>
      <p>{t(keys.why)}</p>
      <p className="muted">{t('allowlist.where', { path: vendor.where })}</p>
      <p className="row-actions">
        {vendor.portal && (
          <a href={vendor.portal} target="_blank" rel="noreferrer">
            {t('allowlist.portal')}
          </a>
        )}
        <a href={vendor.docs} target="_blank" rel="noreferrer">
          {t('allowlist.docs')}
        </a>
      </p>
      <dl className="allowlist-vendor__fields">
        {vendor.fields.map((field) => (
          <FieldValues key={field.field} field={field} vendorDocs={vendor.docs} />
        ))}
      </dl>
    </section>
  );
}

function FieldValues({ field, vendorDocs }: { field: Field; vendorDocs: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const keys = FIELD_KEYS[field.field];
  const name = t(keys.name);
  return (
    <div className="allowlist-vendor__field" data-field={field.field}>
      <dt>{name}</dt>
      <dd>
        <p className="muted">{t('allowlist.setting', { setting: field.setting })}</p>
        {field.needs_sending_ips ? (
          <p className="allowlist-vendor__missing">{t('allowlist.needsIps')}</p>
        ) : (
          <div className="allowlist-vendor__values">
            <ul>
              {field.values.map((value) => (
                <li key={value}>
                  <code>{value}</code>
                </li>
              ))}
            </ul>
            {field.values.length > 0 && (
              <>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('allowlist.copyField', { field: name })}
                  onClick={() =>
                    void navigator.clipboard.writeText(field.values.join('\n')).then(
                      () => setCopied(true),
                      () => setCopied(false),
                    )
                  }
                >
                  {t('allowlist.copy')}
                </button>
                <span className="inline-status" role="status">
                  {copied ? t('allowlist.copied') : ''}
                </span>
              </>
            )}
          </div>
        )}
        {field.left_out.length > 0 && (
          <p className="inline-error">{t('allowlist.leftOut', { values: field.left_out.join(', ') })}</p>
        )}
        <p>{t(keys.why)}</p>
        {field.limit !== null && <p className="muted">{t('allowlist.limit', { n: field.limit })}</p>}
        {field.docs !== vendorDocs && (
          <a href={field.docs} target="_blank" rel="noreferrer">
            {t('allowlist.fieldDocs', { field: name })}
          </a>
        )}
      </dd>
    </div>
  );
}
