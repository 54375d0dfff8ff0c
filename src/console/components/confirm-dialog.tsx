/** "Are you sure?" for actions that cannot be undone (end a campaign, remove a recipient). */
import { useT } from '@console/hooks/use-t';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <p>{props.message}</p>
      <ErrorAlert error={props.error} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={props.onClose}>
          {t('action.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
