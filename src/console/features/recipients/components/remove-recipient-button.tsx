import { useState } from 'react';
import { useT } from '@console/hooks/use-t';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { useRemoveRecipient } from '../api/recipients';

export function RemoveRecipientButton(props: { campaignId: string; recipientId: string; label: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const remove = useRemoveRecipient(props.campaignId);
  return (
    <>
      <button
        type="button"
        className="button button--small button--danger"
        aria-label={t('recipients.remove.named', { name: props.label })}
        onClick={() => setOpen(true)}
      >
        {t('recipients.remove.button')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('recipients.remove.title', { name: props.label })}
          message={t('recipients.remove.message')}
          confirmLabel={t('recipients.remove.confirm')}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(props.recipientId, { onSuccess: () => setOpen(false) })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
