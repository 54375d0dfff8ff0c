/** Sends a test message through a profile and shows the relay's reply or its refusal. */
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@console/components/dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useT } from '@console/hooks/use-t';
import type { SendingProfile } from '@shared/sending';
import { useTestProfile } from '../api/sending-profiles';

export function TestMessageDialog({ profile, onClose }: { profile: SendingProfile; onClose: () => void }) {
  const { t } = useT();
  const id = useId();
  const test = useTestProfile();
  const [to, setTo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.mutate({ id: profile.id, to });
  };
  return (
    <Dialog title={t('profiles.testTitle', { name: profile.name })} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('profiles.testTo')}</label>
          <input
            id={`${id}-to`}
            type="email"
            required
            autoComplete="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <ErrorAlert error={test.error} />
        {test.data && <Notice tone="success">{t('profiles.testReply', { reply: test.data.reply })}</Notice>}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('profiles.close')}
          </button>
          <button type="submit" className="button button--primary" disabled={test.isPending}>
            {t('profiles.testSend')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
