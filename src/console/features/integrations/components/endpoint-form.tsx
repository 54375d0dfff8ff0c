/** Adds an endpoint: its address, what it is for, and which events it gets; a webhook's secret is shown once. */
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { ShownOnce } from '@console/components/shown-once';
import { useIntegrationsT } from '@console/hooks/use-integrations-t';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shared/webhooks';
import { useCreateEndpoint } from '../api/webhooks';

const EMPTY = { url: '', description: '', events: [...WEBHOOK_EVENTS] as WebhookEvent[] };

export function EndpointForm() {
  const { t } = useIntegrationsT();
  const create = useCreateEndpoint();
  const [form, setForm] = useState(EMPTY);
  const [noEvent, setNoEvent] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setNoEvent(false);
    setForm((current) => ({
      ...current,
      events: on ? [...current.events, event] : current.events.filter((e) => e !== event),
    }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.events.length === 0) {
      setNoEvent(true);
      return;
    }
    create.mutate(
      { url: form.url.trim(), description: form.description, events: form.events },
      { onSuccess: () => setForm(EMPTY) },
    );
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="new-endpoint-title">
      <h2 id="new-endpoint-title">{t('new.title')}</h2>
      <div className="field">
        <label htmlFor="new-endpoint-url">{t('new.url')}</label>
        <input
          id="new-endpoint-url"
          required
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="new-endpoint-url-hint"
          value={form.url}
          onChange={(e) => setForm({ ...form, url: e.target.value })}
        />
        <span id="new-endpoint-url-hint" className="field__hint">
          {t('new.urlHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor="new-endpoint-description">{t('new.description')}</label>
        <input
          id="new-endpoint-description"
          maxLength={200}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
      </div>
      <fieldset className="integrations__choices">
        <legend>{t('new.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="integrations__choice">
            <input
              type="checkbox"
              checked={form.events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />{' '}
            {t(`event.${event}`)}
          </label>
        ))}
      </fieldset>
      {noEvent && <Notice tone="error">{t('new.pickEvent')}</Notice>}
      <ErrorAlert error={create.error} />
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {t('new.submit')}
      </button>
      {create.data?.secret && (
        <ShownOnce
          key={create.data.secret}
          label={t('new.secret')}
          value={create.data.secret}
          copyLabel={t('new.copy')}
          copiedLabel={t('new.copied')}
          note={t('new.once')}
        />
      )}
      {create.data && !create.data.secret && <Notice tone="success">{t('new.syslogDone')}</Notice>}
    </form>
  );
}
